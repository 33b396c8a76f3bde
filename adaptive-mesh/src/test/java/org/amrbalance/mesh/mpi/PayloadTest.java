package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PayloadTest {
  @Test
  void checksumIsTheCrc32OfTheBytes() {
    // The standard CRC-32 check value of "123456789".
    Payload p = Payload.of(0, 1, 5, "123456789".getBytes(StandardCharsets.US_ASCII));

    assertThat(p.checksum()).isEqualTo(0xCBF43926L);
    assertThat(p.size()).isEqualTo(9);
  }

  @Test
  void holdsACopyAndHandsOutCopies() {
    byte[] data = {1, 2, 3};
    Payload p = Payload.of(2, 0, 9, data);
    data[0] = 42;
    p.data()[1] = 42;

    assertThat(p.data()).containsExactly(1, 2, 3);
    assertThat(p.view().isReadOnly()).isTrue();
    assertThat(p).isEqualTo(Payload.of(2, 0, 9, new byte[] {1, 2, 3}));
    assertThat(p).isNotEqualTo(Payload.of(2, 0, 8, new byte[] {1, 2, 3}));
  }

  @Test
  void badArgumentsNameTheField() {
    assertThatThrownBy(() -> Payload.of(-1, 0, 0, new byte[0])).hasMessage("payload.source = -1: must be >= 0");
    assertThatThrownBy(() -> Payload.of(0, -2, 0, new byte[0]))
        .hasMessage("payload.destination = -2: must be >= 0");
    assertThatThrownBy(() -> Payload.of(0, 0, 0, null)).hasMessage("payload.data = null: must not be null");
  }
}
