package org.amrbalance.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValuesTest {
  @TempDir
  Path dir;

  @Test
  void valuesConvertOrNameTheOptionAndTheRange() {
    assertThat(Values.integer("--n", null, 7, 1, 9)).isEqualTo(7);
    assertThat(Values.integer("--n", " 9 ", 7, 1, 9)).isEqualTo(9);
    assertThatThrownBy(() -> Values.integer("--n", "10", 7, 1, 9)).isInstanceOf(UsageException.class)
        .hasMessage("must be an integer in [1, 9] (--n = 10)");
    assertThat(Values.integers("--p", "4,8", List.of(), 1, 64)).containsExactly(4, 8);
    assertThatThrownBy(() -> Values.integers("--p", "4,", List.of(), 1, 64))
        .hasMessage("each value must be an integer in [1, 64] (--p = 4,)");
    assertThatThrownBy(() -> Values.number("--c", "x", 0, 0, 1e300)).hasMessage("must be a number in [0, 1e+300]"
        + " (--c = x)");
    assertThat(Values.choice("--m", "MUM", "ld", Set.of("mum", "ld"))).isEqualTo("mum");
    assertThatThrownBy(() -> Values.choice("--m", "x", "ld", Set.of("mum", "ld")))
        .hasMessage("must be one of ld, mum (--m = x)");
  }

  @Test
  void pathsResolveAgainstTheWorkingDirectoryAndAreCheckedBeforeUse() throws Exception {
    Files.writeString(dir.resolve("in.txt"), "x");
    assertThat(Values.readableFile("--input", "in.txt", dir)).isEqualTo(dir.resolve("in.txt"));
    assertThat(Values.readableFile("--input", dir.resolve("in.txt").toString(), Path.of("elsewhere")))
        .isEqualTo(dir.resolve("in.txt"));
    UsageException missing = (UsageException) org.assertj.core.api.Assertions.catchThrowable(
        () -> Values.readableFile("--input", "gone.txt", dir));
    assertThat(missing).hasMessage("no such file (" + dir.resolve("gone.txt") + ")");
    assertThat(missing.fromCommandLine()).isFalse();
    assertThat(Values.writableFolder("--out", "a/b", dir)).isDirectory();
    assertThatThrownBy(() -> Values.writableFolder("--out", "in.txt", dir))
        .hasMessage("cannot create the folder: not a folder (" + dir.resolve("in.txt") + ")");
  }
}
