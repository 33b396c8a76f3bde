package org.amrbalance.mesh.mpi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.annotation.concurrent.Immutable;

/**
 * How a cluster launch runs a command on a host: a program called as {@code PROGRAM... HOST COMMAND}, COMMAND one
 * shell command line, exactly as {@code ssh} takes it. The default is {@code ssh -o BatchMode=yes -o
 * ConnectTimeout=10} (keys, no password prompt); anything with ssh's calling convention can stand in for it (a
 * wrapper that enters a container or a network namespace, say).
 */
@Immutable
public final class RemoteShell {
  private final List<String> program;

  private RemoteShell(List<String> program) {
    this.program = program;
  }

  /** ssh without prompts: a host that would ask for a password fails at once instead of waiting for a user. */
  public static RemoteShell ssh() {
    return new RemoteShell(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10"));
  }

  /** A program and its first arguments, whitespace-separated, as {@code --remote-shell} gives them. */
  public static RemoteShell parse(String commandLine) {
    if (commandLine == null || commandLine.isBlank()) {
      throw new IllegalArgumentException("remote shell = '" + commandLine + "': must name a program (e.g. ssh)");
    }
    return new RemoteShell(List.of(commandLine.strip().split("\\s+")));
  }

  public List<String> program() {
    return program;
  }

  /** The command that runs {@code commandLine} on {@code host}. */
  List<String> command(String host, String commandLine) {
    List<String> c = new ArrayList<>(program);
    c.add(host);
    c.add(commandLine);
    return c;
  }

  /** What a finished remote command gave: its exit code and its output (standard error included). */
  record Result(int exitCode, String output) {
    String firstLine() {
      String s = output.strip();
      return s.isEmpty() ? "(no output)" : s.lines().findFirst().orElse("");
    }
  }

  /** Runs {@code commandLine} on {@code host} and waits for it, at most {@code limit}. */
  Result run(String host, String commandLine, Duration limit) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command(host, commandLine)).redirectErrorStream(true).start();
    p.getOutputStream().close();
    byte[][] out = new byte[1][];
    Thread reader = new Thread(() -> {
      try (InputStream in = p.getInputStream()) {
        out[0] = in.readAllBytes();
      } catch (IOException e) {
        out[0] = ("(output lost: " + e.getMessage() + ")").getBytes(StandardCharsets.UTF_8);
      }
    }, "remote-shell-output");
    reader.setDaemon(true);
    reader.start();
    if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      return new Result(-1, "no answer within " + limit.toSeconds() + " s");
    }
    reader.join(1000);
    return new Result(p.exitValue(), out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return String.join(" ", program);
  }
}
