package org.amrbalance.mesh.mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * Java serialization of the values of collectives that MPJ has no datatype for. Public for the communicators of
 * other packages ({@code mesh.mpi.mpj}), not an API of its own.
 */
public final class Serialization {
  private Serialization() {}

  public static byte[] toBytes(Serializable value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize a " + value.getClass().getName(), e);
    }
    return bytes.toByteArray();
  }

  @SuppressWarnings("unchecked")
  public static <T> T fromBytes(byte[] data, int offset, int length, int source) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data, offset, length))) {
      return (T) in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException("cannot deserialize " + length + " bytes received from rank " + source, e);
    }
  }
}
