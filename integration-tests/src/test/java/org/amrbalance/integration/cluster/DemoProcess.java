package org.amrbalance.integration.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.amrbalance.mesh.demo.LaplaceDemo;

/** The demo as a user starts it: its own JVM, here or on a host made by {@link NetworkNamespaces}. */
final class DemoProcess {
  private DemoProcess() {}

  record Output(int exit, String text) {
    /** The final field's digest the demo prints. */
    String digest() {
      return text.lines().map(String::strip).filter(l -> l.startsWith("final field sha-256 "))
          .map(l -> l.substring("final field sha-256 ".length())).findFirst()
          .orElseThrow(() -> new AssertionError("no final field digest in:\n" + text));
    }
  }

  /** The java command line of the demo with {@code demoArgs}. */
  static List<String> command(List<String> demoArgs) {
    List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dmpj.home=" + Path.of(System.getProperty("mpj.home")).toAbsolutePath().normalize(), "-cp",
        System.getProperty("java.class.path"), LaplaceDemo.class.getName()));
    c.addAll(demoArgs);
    return c;
  }

  /** The demo on this host; {@code onLine} sees each output line as it comes (and the process, to act on it). */
  static Output runHere(Path dir, List<String> demoArgs, LineHandler onLine) throws IOException {
    return run(command(demoArgs), dir, onLine);
  }

  /** The demo started on {@code host} through the namespaces' remote shell. */
  static Output runOn(NetworkNamespaces net, String host, Path dir, List<String> demoArgs, LineHandler onLine)
      throws IOException {
    List<String> words = new ArrayList<>();
    for (String w : command(demoArgs)) {
      words.add("'" + w.replace("'", "'\\''") + "'");
    }
    return run(List.of(net.remoteShell().toString(), host, "cd '" + dir + "' && exec " + String.join(" ", words)),
        dir, onLine);
  }

  /** Sees a line of the demo's output as it arrives. */
  interface LineHandler {
    LineHandler NONE = (line, process) -> {};

    void accept(String line, Process process) throws IOException;
  }

  private static Output run(List<String> command, Path dir, LineHandler onLine) throws IOException {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    StringBuilder text = new StringBuilder();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        text.append(line).append('\n');
        onLine.accept(line, p);
      }
    }
    try {
      return new Output(p.waitFor(), text.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  /** Kills (SIGKILL) the JVM of one rank the demo started (a child of the MPJ daemon): the newest. */
  static long killOneRank(Process demo) {
    ProcessHandle rank = demo.descendants()
        .filter(h -> h.parent().flatMap(p -> p.info().commandLine()).orElse("").contains("daemon.jar"))
        .max(java.util.Comparator.comparingLong(ProcessHandle::pid))
        .orElseThrow(() -> new AssertionError("no rank process under the demo"));
    rank.destroyForcibly();
    return rank.pid();
  }
}
