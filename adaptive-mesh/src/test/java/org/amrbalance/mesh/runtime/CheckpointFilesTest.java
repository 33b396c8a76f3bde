package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.amrbalance.spi.Assignment;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;
import org.amrbalance.spi.Piece;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checkpoint files that cannot be lost or mixed up: the run's identity, refusals of torn, foreign and stale files
 * (each one line naming the file), the previous checkpoint kept as {@code FILE.prev} and failed writes. Small
 * checkpoints made by hand: no solver runs here.
 */
class CheckpointFilesTest {
  static final RunOptions RUN = CheckpointTest.RUN;
  static final long ID = 0x0123456789abcdefL;

  /** A 4 x 4 level 0 on 2 ranks after {@code step}, its values telling the step apart, of run {@link #ID}. */
  static Checkpoint checkpoint(int step) {
    Box domain = Box.of2d(0, 0, 3, 3);
    Hierarchy h = Hierarchy.of(domain, new int[0], List.of(Patch.of(0, 0, domain, 16)));
    Assignment a = Assignment.of(h, 2, List.of(Piece.of(0, Box.of2d(0, 0, 1, 3), 0),
        Piece.of(0, Box.of2d(2, 0, 3, 3), 1)));
    double[] v = new double[16];
    Arrays.fill(v, step + 0.5);
    return Checkpoint.of(step, 1, a, Map.of(0, v)).withBalancingState(new byte[] {1, 2, 3})
        .withIdentity(RunIdentity.of(ID, RUN));
  }

  /** Asserts a refusal of one line that names {@code file}. */
  static AbstractThrowableAssert<?, ? extends Throwable> refused(ThrowingRead read, Path file) {
    return assertThatThrownBy(read::run).satisfies(e -> {
      assertThat(e.getMessage()).contains(file.toString()).doesNotContain("\n").doesNotContain("\r");
    });
  }

  interface ThrowingRead {
    void run() throws Exception;
  }

  @Test
  void version3CarriesTheRunsIdentity(@TempDir Path dir) throws IOException {
    Checkpoint c = checkpoint(3);
    Checkpoint back = Checkpoint.fromBytes(c.toBytes());
    assertThat(back.identity()).contains(RunIdentity.of(ID, RUN));
    assertThat(back.identity().get().fingerprint()).containsEntry("lmax", "2").containsEntry("sweepsPerStep", "4")
        .containsKey("problem").doesNotContainKeys("steps", "balancer", "trigger");
    assertThat(back.step()).isEqualTo(3);
    assertThat(back.balancingState()).containsExactly(1, 2, 3);
    assertThat(back.values().get(0)).containsOnly(3.5);
    Path file = dir.resolve("run.ckpt");
    c.write(file);
    assertThat(Checkpoint.read(file, CheckpointExpectation.of(RUN).withRunId(ID).withLeastStep(3)).identity())
        .isEqualTo(c.identity());
    // Not in the fingerprint: more steps (a restart may extend the run), another balancer or trigger.
    Checkpoint.read(file, CheckpointExpectation.of(RUN.withSteps(100).withBalancer("greedy").withTrigger("never")));
  }

  @Test
  void versionsTwoAndOneAreStillReadWithTheirIdentityUnknown(@TempDir Path dir) throws IOException {
    Checkpoint c = checkpoint(3);
    Path file = dir.resolve("old.ckpt");
    Files.write(file, c.toBytes(2));
    CheckpointExpectation anyRun = CheckpointExpectation.of(RUN.withLmax(4)).withRunId(42);
    Checkpoint two = Checkpoint.read(file, anyRun);
    assertThat(two.identity()).isEmpty();
    assertThat(two.balancingState()).containsExactly(1, 2, 3);
    assertThat(two.values().get(0)).containsOnly(3.5);
    Files.write(file, c.toBytes(1));
    Checkpoint one = Checkpoint.read(file, anyRun);
    assertThat(one.identity()).isEmpty();
    assertThat(one.balancingState()).isEmpty();
  }

  @Test
  void aTornFileIsRefusedInOneLineNamingIt(@TempDir Path dir) throws IOException {
    byte[] whole = checkpoint(3).toBytes();
    Path file = dir.resolve("run.ckpt");
    for (int length : new int[] {0, 3, 4, 15, 40, whole.length / 2, whole.length - 8, whole.length - 1}) {
      Files.write(file, Arrays.copyOf(whole, length));
      refused(() -> Checkpoint.read(file), file).isInstanceOf(IOException.class)
          .hasMessageContaining("torn or damaged");
    }
    for (int at : new int[] {4, 9, whole.length / 2, whole.length - 9, whole.length - 1}) {
      byte[] b = whole.clone();
      b[at] ^= 0x10;
      Files.write(file, b);
      refused(() -> Checkpoint.read(file, CheckpointExpectation.of(RUN)), file).isInstanceOf(IOException.class)
          .hasMessageContaining("torn or damaged").hasMessageContaining("CRC32 mismatch");
    }
    // A file that never was a checkpoint is told apart.
    Files.writeString(file, "not a checkpoint at all\n");
    refused(() -> Checkpoint.read(file), file).hasMessageContaining("not a checkpoint");
    Path missing = dir.resolve("none.ckpt");
    refused(() -> Checkpoint.read(missing), missing).hasMessageContaining("no such checkpoint file");
  }

  @Test
  void aForeignFileIsRefusedNamingWhatDiffers(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    checkpoint(3).write(file);
    refused(() -> Checkpoint.read(file, CheckpointExpectation.of(RUN.withLmax(3))), file)
        .isInstanceOf(IOException.class).hasMessageContaining("foreign checkpoint")
        .hasMessageContaining("lmax = 2 in the checkpoint, 3 in the options");
    refused(() -> Checkpoint.read(file, CheckpointExpectation.of(RUN.withRegridInterval(5))), file)
        .hasMessageContaining("regridInterval = 2 in the checkpoint, 5 in the options");
    refused(() -> Checkpoint.read(file, CheckpointExpectation.of(RUN).withRunId(7)), file)
        .isInstanceOf(IOException.class).hasMessageContaining("foreign checkpoint, another run")
        .hasMessageContaining("run " + RunIdentity.hex(ID) + ", expected run 0000000000000007");
  }

  @Test
  void aStaleFileIsRefused(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    checkpoint(3).write(file);
    refused(() -> Checkpoint.read(file, CheckpointExpectation.of(RUN).withLeastStep(5)), file)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("stale checkpoint: after step 3, expected step 5 or later");
    // After the options' last step: the options are wrong, not the file.
    refused(() -> Checkpoint.read(file, CheckpointExpectation.of(RUN.withSteps(2))), file)
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("steps = 2");
  }

  @Test
  void theReplacedCheckpointIsKeptAndTakenWhenTheNewestIsTorn(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    Path prev = dir.resolve("run.ckpt.prev");
    checkpoint(3).write(file);
    assertThat(prev).doesNotExist();
    checkpoint(4).write(file);
    checkpoint(5).write(file);
    assertThat(Checkpoint.read(file).step()).isEqualTo(5);
    assertThat(Checkpoint.read(prev).step()).isEqualTo(4);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("run.ckpt", "run.ckpt.prev");
    }
    CheckpointExpectation any = CheckpointExpectation.of(RUN);
    Checkpoint.Chosen both = Checkpoint.readNewest(file, any);
    assertThat(both.file()).isEqualTo(file);
    assertThat(both.skipped()).isEqualTo(prev + ": older (after step 4)");

    byte[] b = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(b, b.length - 3));
    Checkpoint.Chosen fallback = Checkpoint.readNewest(file, any);
    assertThat(fallback.file()).isEqualTo(prev);
    assertThat(fallback.checkpoint().step()).isEqualTo(4);
    assertThat(fallback.skipped()).startsWith(file + ": torn or damaged").doesNotContain("\n");
    assertThat(fallback.describe()).contains(prev.toString()).contains("step 4").doesNotContain("\n");
    // The newest is refused if not the expected run's or older than expected, too.
    Files.write(file, b);
    assertThat(Checkpoint.readNewest(file, any.withLeastStep(6 - 1)).file()).isEqualTo(file);
    refused(() -> Checkpoint.readNewest(file, any.withLeastStep(6)), file).isInstanceOf(IOException.class)
        .hasMessageStartingWith("no usable checkpoint: ").hasMessageContaining(prev + ": stale");
    refused(() -> Checkpoint.readNewest(file, any.withRunId(9)), prev).hasMessageContaining("another run");
    // Between the renames of a commit (a crash there) only FILE.prev exists.
    Files.delete(file);
    assertThat(Checkpoint.readNewest(file, any).skipped()).isEqualTo(file + ": no such checkpoint file");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void aFailedRenameLeavesBothFilesAsTheyWere(int failing, @TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    checkpoint(3).write(file);
    checkpoint(4).write(file);
    byte[] newest = Files.readAllBytes(file);
    byte[] before = Files.readAllBytes(Checkpoint.previousOf(file));
    int[] moves = {0};
    Checkpoint.Mover failAt = (from, to) -> {
      if (++moves[0] == failing) {
        throw new IOException("disk gone while renaming " + from.getFileName());
      }
      Files.move(from, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    };
    refused(() -> checkpoint(5).write(file, failAt), file).isInstanceOf(IOException.class)
        .hasMessageContaining("checkpoint not written, the previous ones kept").hasMessageContaining("disk gone");
    assertThat(Files.readAllBytes(file)).isEqualTo(newest);
    assertThat(Files.readAllBytes(Checkpoint.previousOf(file))).isEqualTo(before);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("run.ckpt", "run.ckpt.prev");
    }
  }

  @Test
  void aFailedWriteLeavesBothFilesAsTheyWere(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    checkpoint(3).write(file);
    checkpoint(4).write(file);
    byte[] newest = Files.readAllBytes(file);
    byte[] before = Files.readAllBytes(Checkpoint.previousOf(file));
    // The temporary file cannot be opened for writing: a folder (not empty, so it cannot be replaced) in its place.
    Path tmp = Files.createDirectory(Checkpoint.temporaryOf(file));
    Files.writeString(tmp.resolve("x"), "x");
    refused(() -> checkpoint(5).write(file), file).isInstanceOf(IOException.class)
        .hasMessageContaining("checkpoint not written");
    assertThat(Files.readAllBytes(file)).isEqualTo(newest);
    assertThat(Files.readAllBytes(Checkpoint.previousOf(file))).isEqualTo(before);
  }

  @Test
  void aReadOnlyFolderLeavesBothFilesAsTheyWere(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("run.ckpt");
    checkpoint(3).write(file);
    checkpoint(4).write(file);
    byte[] newest = Files.readAllBytes(file);
    byte[] before = Files.readAllBytes(Checkpoint.previousOf(file));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      // Whoever may write anyway (a superuser) cannot see this failure.
      assumeFalse(Files.isWritable(dir), "the folder stays writable for this user");
      refused(() -> checkpoint(5).write(file), file).isInstanceOf(IOException.class)
          .hasMessageContaining("checkpoint not written");
      assertThat(Files.readAllBytes(file)).isEqualTo(newest);
      assertThat(Files.readAllBytes(Checkpoint.previousOf(file))).isEqualTo(before);
    } finally {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    }
  }
}
