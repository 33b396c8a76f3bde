package org.amrbalance.mesh.demo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.spi.parallel.ThreadCollectives;

/** The demo's rank program on threads as ranks (no MPJ Express), for the demo's tests. */
final class ThreadRanks {
  private ThreadRanks() {}

  /** Rank 0's output of the rank program with {@code programArgs} on {@code ranks} threads. */
  static String output(int ranks, List<String> programArgs) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      ThreadCollectives.run(ranks, c -> {
        try {
          LaplaceDemoProgram.run(CollectiveCommunicator.over(c), programArgs, out);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return null;
      });
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
