package org.amrbalance.mesh.mpi;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run on every host of a cluster launch before its daemon starts, through the remote shell: prints one line, {@code
 * ok NAME ADDRESS} (then {@code loopback} if the address is one) when every path given exists here, else {@code
 * problem WHAT}. MPJ Express's niodev ranks advertise {@link InetAddress#getLocalHost()} to each other, so on a
 * cluster of several hosts a name that resolves to a loopback address leaves the other hosts' ranks unable to
 * connect; the launcher refuses that.
 */
public final class HostCheck {
  private HostCheck() {}

  public static void main(String[] paths) throws Exception {
    System.out.println(check(paths));
  }

  static String check(String... paths) throws Exception {
    for (String p : paths) {
      if (!Files.exists(Path.of(p))) {
        return "problem " + p + " does not exist on this host (the ranks' class path and MPJ_HOME must be on a"
            + " folder every host shares, at the same path)";
      }
    }
    InetAddress self = InetAddress.getLocalHost();
    return "ok " + self.getHostName() + " " + self.getHostAddress() + (self.isLoopbackAddress() ? " loopback" : "");
  }
}
