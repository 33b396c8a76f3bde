package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the launcher checks before it starts anything; launches themselves are integration tests. */
class MpjLauncherTest {
  private static Path fakeHome(Path dir) throws IOException {
    for (String f : List.of("lib/starter.jar", "lib/daemon.jar", "lib/mpj.jar", "conf/mpjexpress.conf")) {
      Files.createDirectories(dir.resolve(f).getParent());
      Files.writeString(dir.resolve(f), "");
    }
    return dir;
  }

  @Test
  void anIncompleteMpjHomeIsRefusedWithWhatIsMissing(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("lib"));

    assertThatThrownBy(() -> MpjLauncher.at(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("mpjHome = " + dir.toAbsolutePath().normalize() + ": has no lib/starter.jar");
  }

  @Test
  void defaultsAndWithers(@TempDir Path dir) throws IOException {
    MpjLauncher launcher = MpjLauncher.at(fakeHome(dir));

    assertThat(launcher.ranks()).isEqualTo(4);
    assertThat(launcher.device()).isEqualTo(MpjDevice.MULTICORE);
    assertThat(launcher.timeout()).isEqualTo(MpjLauncher.DEFAULT_TIMEOUT);
    MpjLauncher changed = launcher.withRanks(2).withDevice(MpjDevice.NIODEV).withTimeout(Duration.ofSeconds(5));
    assertThat(changed.ranks()).isEqualTo(2);
    assertThat(changed.device()).isEqualTo(MpjDevice.NIODEV);
    assertThat(changed.timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(launcher.ranks()).isEqualTo(4);
  }

  @Test
  void badSettingsNameTheField(@TempDir Path dir) throws IOException {
    MpjLauncher launcher = MpjLauncher.at(fakeHome(dir));

    assertThatThrownBy(() -> launcher.withRanks(0)).hasMessage("ranks = 0: must be >= 1");
    assertThatThrownBy(() -> launcher.withTimeout(Duration.ZERO)).hasMessage("timeout = PT0S: must be > 0");
    assertThatThrownBy(() -> launcher.withJvmArgs(List.of("-Xmx64m", "Xss1m")))
        .hasMessageStartingWith("jvmArgs = [-Xmx64m, Xss1m]: every JVM option starts with '-'");
  }

  @Test
  void theSystemPropertyNamesTheInstallation(@TempDir Path dir) throws IOException {
    String before = System.getProperty("mpj.home");
    System.setProperty("mpj.home", fakeHome(dir).toString());
    try {
      assertThat(MpjLauncher.locate().mpjHome()).isEqualTo(dir.toAbsolutePath().normalize());
    } finally {
      if (before == null) {
        System.clearProperty("mpj.home");
      } else {
        System.setProperty("mpj.home", before);
      }
    }
  }

  /** A class path that carries MPJ's own classes cannot be shared by multicore ranks: the launch takes MPJ's starter. */
  @Test
  void aClassPathThatBundlesMpjIsSeen(@TempDir Path dir) throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes/mpi"));
    Path plain = Files.createDirectories(dir.resolve("plain/org"));
    Path fat = dir.resolve("fat.jar");
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(fat))) {
      jar.putNextEntry(new JarEntry("mpi/MPI.class"));
      jar.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
      jar.closeEntry();
    }
    Path thin = dir.resolve("thin.jar");
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(thin))) {
      jar.putNextEntry(new JarEntry("org/Program.class"));
      jar.closeEntry();
    }
    Files.writeString(classes.resolve("MPI.class"), "");
    String sep = File.pathSeparator;

    assertThat(MpjLauncher.bundlesMpj(plain.getParent() + sep + thin + sep + dir.resolve("missing.jar"))).isFalse();
    assertThat(MpjLauncher.bundlesMpj(plain.getParent() + sep + fat)).isTrue();
    assertThat(MpjLauncher.bundlesMpj(classes.getParent().toString())).isTrue();
    assertThat(MpjLauncher.bundlesMpj("")).isFalse();
  }
}
