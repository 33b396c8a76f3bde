package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MpjRankMainTest {
  @Test
  void programArgumentsTravelAsOneWordMpjCannotMistakeForItsOptions() {
    List<String> args = List.of("-np", "7", "--device", "niodev", "", "two words", "é ü", "-h");

    String word = MpjRankMain.encodeArgs(args);

    assertThat(word).matches("args:[A-Za-z0-9_-]*");
    assertThat(MpjRankMain.decodeArgs(word)).isEqualTo(args);
    assertThat(MpjRankMain.decodeArgs(MpjRankMain.encodeArgs(List.of()))).isEmpty();
  }

  @Test
  void aNulCharacterCannotBeSent() {
    assertThatThrownBy(() -> MpjRankMain.encodeArgs(List.of("a\0b")))
        .hasMessageStartingWith("args = [a")
        .hasMessageEndingWith("an argument cannot hold the character NUL");
  }
}
