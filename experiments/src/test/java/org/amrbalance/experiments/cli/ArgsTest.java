package org.amrbalance.experiments.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
  private static final List<Option> OPTIONS = List.of(
      Option.value("ranks", "P", "ranks"), Option.value("format", "F", "format"), Option.flag("json", "json"));

  @Test
  void parsesGnuStyleOptions() {
    Args a = Args.parse(new String[] {"--ranks", "16", "--format=enzo", "--json", "file", "--", "--ranks"}, OPTIONS);
    assertThat(a.integer("ranks", 1, 1, 100)).isEqualTo(16);
    assertThat(a.choice("format", "amrex", Set.of("enzo", "amrex"))).isEqualTo("enzo");
    assertThat(a.flag("json")).isTrue();
    assertThat(a.positional()).containsExactly("file", "--ranks");
    assertThat(Args.parse(new String[] {"--ranks=4,8"}, OPTIONS).integers("ranks", List.of(), 1, 64))
        .containsExactly(4, 8);
  }

  @Test
  void errorsNameTheOption() {
    assertThatThrownBy(() -> Args.parse(new String[] {"--rank", "3"}, OPTIONS))
        .isInstanceOf(UsageException.class).hasMessageContaining("unknown option --rank");
    assertThatThrownBy(() -> Args.parse(new String[] {"--ranks"}, OPTIONS)).hasMessageContaining("--ranks needs a value");
    assertThatThrownBy(() -> Args.parse(new String[] {"--json=yes"}, OPTIONS)).hasMessageContaining("takes no value");
    Args a = Args.parse(new String[] {"--ranks", "0"}, OPTIONS);
    assertThatThrownBy(() -> a.integer("ranks", 1, 1, 100)).hasMessageContaining("--ranks = 0: must be an integer in [1, 100]");
    assertThatThrownBy(() -> a.required("format")).hasMessageContaining("--format is required");
  }
}
