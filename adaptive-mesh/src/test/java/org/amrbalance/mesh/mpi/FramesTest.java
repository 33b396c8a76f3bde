package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FramesTest {
  private static final Random RANDOM = new Random(20260101);

  private static byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }

  private static List<Payload> decode(byte[] buffer, int source, int me) {
    List<Payload> out = new ArrayList<>();
    Frames.decode(buffer, source, me, out);
    return out;
  }

  @Test
  void framesRoundTripInOrder() {
    List<Payload> sent = List.of(Payload.of(3, 1, 10, randomBytes(100)), Payload.of(3, 1, -7, new byte[0]),
        Payload.of(3, 1, Long.MAX_VALUE, randomBytes(70_000)));

    byte[] wire = Frames.encode(sent);

    assertThat(wire).hasSize(3 * Frames.HEADER_BYTES + 70_100);
    assertThat(decode(wire, 3, 1)).containsExactlyElementsOf(sent);
  }

  @Test
  void aFlippedDataByteIsACrcMismatch() {
    byte[] wire = Frames.encode(List.of(Payload.of(0, 2, 17, randomBytes(4096))));
    wire[Frames.HEADER_BYTES + 1000] ^= 1;

    assertThatThrownBy(() -> decode(wire, 0, 2))
        .isInstanceOf(CorruptPayloadException.class)
        .hasMessageStartingWith("payload tag 17 from rank 0 to rank 2: CRC32 mismatch, the sender declared ")
        .hasMessageContaining("for 4096 bytes")
        .satisfies(e -> {
          CorruptPayloadException c = (CorruptPayloadException) e;
          assertThat(c.source()).isZero();
          assertThat(c.destination()).isEqualTo(2);
        });
  }

  @Test
  void missingBytesAreReportedAsSuchNotAsGarbage() {
    byte[] wire = Frames.encode(List.of(Payload.of(1, 0, 4, randomBytes(500))));

    assertThatThrownBy(() -> decode(Arrays.copyOf(wire, wire.length - 20), 1, 0))
        .isInstanceOf(CorruptPayloadException.class)
        .hasMessage("payload tag 4 from rank 1 to rank 0: declared size 500 bytes, but 480 bytes arrived");
    assertThatThrownBy(() -> decode(Arrays.copyOf(wire, 10), 1, 0))
        .isInstanceOf(CorruptPayloadException.class)
        .hasMessage("frame from rank 1 at byte 0 is cut short: 10 bytes left, a header needs 28");
  }

  @Test
  void aDamagedHeaderIsCaught() {
    byte[] wire = Frames.encode(List.of(Payload.of(1, 0, 4, randomBytes(8)), Payload.of(1, 0, 5, randomBytes(8))));
    byte[] badMarker = wire.clone();
    badMarker[Frames.HEADER_BYTES + 8] = 0; // the second frame's marker
    byte[] badDestination = wire.clone();
    ByteBuffer.wrap(badDestination).putInt(8, 3);

    assertThatThrownBy(() -> decode(badMarker, 1, 0))
        .isInstanceOf(CorruptPayloadException.class)
        .hasMessage("frame from rank 1 at byte 36 starts with 0x004d5246 instead of 0x414d5246:"
            + " the bytes are damaged or out of step");
    assertThatThrownBy(() -> decode(badDestination, 1, 0))
        .isInstanceOf(CorruptPayloadException.class)
        .hasMessage("payload tag 4 received by rank 0 from rank 1 says it goes from rank 1 to rank 3");
  }

  @Test
  void exchangeChecksWhatItIsGiven() {
    Frames.Transport loopback = buffers -> buffers;

    assertThatThrownBy(() -> Frames.exchange(0, 2, List.of(Payload.of(1, 0, 0, new byte[1])), WireFilter.none(),
        loopback)).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(
            "payload.source = 1: must be this rank, 0");
    assertThatThrownBy(() -> Frames.exchange(0, 2, List.of(Payload.of(0, 2, 0, new byte[1])), WireFilter.none(),
        loopback)).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(
            "payload.destination = 2: must be < size 2");
  }
}
