package org.amrbalance.mesh.mpi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;
import javax.annotation.concurrent.Immutable;

/**
 * The hosts a cluster launch runs its ranks on, in MPJ Express's machines-file order: rank r goes to the host on line
 * r mod (number of lines), as MPJ's starter assigns them. A file has one host name or address per line; blank lines
 * and text after {@code #} are ignored.
 */
@Immutable
public final class Machines {
  /** What a host name or address may hold: it goes into shell command lines and MPJ's files unquoted. */
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.:_-]*");

  private final List<String> hosts;

  private Machines(List<String> hosts) {
    this.hosts = hosts;
  }

  public static Machines of(List<String> hosts) {
    if (hosts == null || hosts.isEmpty()) {
      throw new IllegalArgumentException("machines = " + hosts + ": must name at least one host");
    }
    for (String h : hosts) {
      if (h == null || !HOST.matcher(h).matches()) {
        throw new IllegalArgumentException("machines: host '" + h + "' is not a host name or address");
      }
    }
    return new Machines(List.copyOf(hosts));
  }

  /** The hosts of a machines file; errors name the file and line. */
  public static Machines read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("machines file " + file + ": cannot be read (" + e.getMessage() + ")", e);
    }
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int hash = line.indexOf('#');
      String host = (hash >= 0 ? line.substring(0, hash) : line).strip();
      if (host.isEmpty()) {
        continue;
      }
      if (!HOST.matcher(host).matches()) {
        throw new IllegalArgumentException("machines file " + file + ":" + (i + 1) + ": '" + host
            + "' is not one host name or address");
      }
      hosts.add(host);
    }
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("machines file " + file + ": names no host");
    }
    return new Machines(List.copyOf(hosts));
  }

  /** The hosts in file order, repeats kept (a host twice takes two of every round of ranks). */
  public List<String> hosts() {
    return hosts;
  }

  /** Each host once, in order of first appearance. */
  public List<String> distinct() {
    return List.copyOf(new LinkedHashSet<>(hosts));
  }

  /** The host rank {@code rank} runs on. */
  public String hostOf(int rank) {
    return hosts.get(rank % hosts.size());
  }

  /** The file MPJ's starter reads. */
  String fileText() {
    return String.join("\n", hosts) + "\n";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Machines m && m.hosts.equals(hosts);
  }

  @Override
  public int hashCode() {
    return hosts.hashCode();
  }

  @Override
  public String toString() {
    return "Machines" + hosts;
  }
}
