package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a cluster launch refuses before any daemon starts, each in one line naming the host: hosts answer through a
 * stand-in remote shell that gives each host's canned answer to the host check (no network, no waiting).
 */
class ClusterDaemonsTest {
  private static RemoteShell cannedShell(Path dir) throws IOException {
    Path script = dir.resolve("canned-shell");
    Files.writeString(script, String.join("\n",
        "#!/bin/sh",
        "case \"$1\" in",
        "  down) echo \"ssh: connect to host down port 22: No route to host\" >&2; exit 255 ;;",
        "  looped) echo \"ok looped 127.0.1.1 loopback\" ;;",
        "  bare) echo \"problem /shared/app.jar does not exist on this host\" ;;",
        "  *) echo \"ok $1 10.0.0.7\" ;;",
        "esac",
        ""));
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return RemoteShell.parse(script.toString());
  }

  private static void start(Path dir, String... hosts) throws Exception {
    Path job = Files.createDirectories(dir.resolve("job"));
    try (ClusterDaemons d = ClusterDaemons.start(Machines.of(List.of(hosts)), cannedShell(dir), job,
        dir.resolve("home"), 40_000, "/usr/bin/java", "/opt/app.jar", List.of("/opt/app.jar"), line -> {})) {
      throw new AssertionError("started daemons on " + List.of(hosts));
    }
  }

  @Test
  void aHostTheShellCannotReachIsNamedWithWhatTheShellSaid(@TempDir Path dir) {
    assertThatThrownBy(() -> start(dir, "node1", "down")).isInstanceOf(MpjLaunchException.class)
        .hasMessageContaining("host down: the check through '" + dir.resolve("canned-shell") + "' failed (exit 255):"
            + " ssh: connect to host down port 22: No route to host")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aMissingSharedPathIsNamedWithItsHost(@TempDir Path dir) {
    assertThatThrownBy(() -> start(dir, "node1", "bare"))
        .hasMessage("host bare: /shared/app.jar does not exist on this host");
  }

  @Test
  void aNameResolvingToLoopbackIsRefusedOnAClusterOfSeveralHosts(@TempDir Path dir) {
    assertThatThrownBy(() -> start(dir, "node1", "looped"))
        .hasMessageStartingWith("host looped: its name looped resolves to 127.0.1.1 there, a loopback address");
  }
}
