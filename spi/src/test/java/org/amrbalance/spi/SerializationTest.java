package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/** Boxes and pieces travel between ranks of parallel balancers as serialized messages. */
class SerializationTest {

  @Test
  void boxesAndPiecesSurviveARoundTrip() throws Exception {
    Piece p = Piece.of(3, Box.of3d(0, 1, 2, 5, 6, 7), 4);
    assertThat(roundTrip(p)).isEqualTo(p);
    assertThat(roundTrip(Box.of1d(-4, 9))).isEqualTo(Box.of1d(-4, 9));
  }

  private static Object roundTrip(Object o) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return in.readObject();
    }
  }
}
