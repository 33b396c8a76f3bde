package org.amrbalance.experiments.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link MemoryProbe} for one balancer in a fresh JVM on this JVM's class path, with {@code -Xmx} set to
 * the cap, so that the heap one balance call needs is measured apart from everything else.
 */
public final class MemoryRun {
  private final long maxHeapBytes;
  private final long timeoutSeconds;

  public MemoryRun(long maxHeapBytes, long timeoutSeconds) {
    if (maxHeapBytes < (16L << 20)) {
      throw new IllegalArgumentException("maxHeapBytes = " + maxHeapBytes + ": must be at least 16 MiB");
    }
    if (timeoutSeconds < 1) {
      throw new IllegalArgumentException("timeoutSeconds = " + timeoutSeconds + ": must be >= 1");
    }
    this.maxHeapBytes = maxHeapBytes;
    this.timeoutSeconds = timeoutSeconds;
  }

  public MemoryResult run(String balancer, int grids, int ranks) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + (maxHeapBytes >> 20) + "m",
        "-cp", System.getProperty("java.class.path"),
        MemoryProbe.class.getName(), balancer, Integer.toString(grids), Integer.toString(ranks)));
    Path log = Files.createTempFile("amrbalance-memory", ".log");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        return failed(balancer, grids, ranks, "timeout");
      }
      String output = Files.readString(log, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        return failed(balancer, grids, ranks, output.contains("OutOfMemoryError") ? "out of memory" : "failed");
      }
      return parse(output, balancer, grids, ranks);
    } finally {
      Files.deleteIfExists(log);
    }
  }

  private MemoryResult failed(String balancer, int grids, int ranks, String status) {
    return new MemoryResult(balancer, grids, ranks, maxHeapBytes, status, -1, -1, -1, Double.NaN, -1);
  }

  /** Reads the probe's {@code key=value} line. */
  static MemoryResult parse(String output, String balancer, int grids, int ranks) {
    Map<String, String> kv = new HashMap<>();
    for (String line : output.split("\n")) {
      if (line.startsWith("balancer=")) {
        for (String field : line.trim().split(" ")) {
          int eq = field.indexOf('=');
          kv.put(field.substring(0, eq), field.substring(eq + 1));
        }
      }
    }
    if (!kv.containsKey("peak_during")) {
      throw new IllegalStateException("memory probe of " + balancer + " printed no result: " + output);
    }
    return new MemoryResult(balancer, Integer.parseInt(kv.get("grids")), ranks, Long.parseLong(kv.get("max_heap")),
        "ok", Long.parseLong(kv.get("live_before")), Long.parseLong(kv.get("peak_during")),
        Long.parseLong(kv.get("live_after")), Double.parseDouble(kv.get("seconds")),
        Long.parseLong(kv.getOrDefault("pieces", "-1")));
  }
}
