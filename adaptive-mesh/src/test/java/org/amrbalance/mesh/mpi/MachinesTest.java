package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachinesTest {
  @Test
  void aFileListsHostsInOrderWithoutCommentsOrBlankLines(@TempDir Path dir) throws IOException {
    Path f = Files.writeString(dir.resolve("hosts"), "# the cluster\nnode1\n\n  node2   # fast\nnode1\n");
    Machines m = Machines.read(f);
    assertThat(m.hosts()).containsExactly("node1", "node2", "node1");
    assertThat(m.distinct()).containsExactly("node1", "node2");
    // Ranks go round the lines, as MPJ's starter assigns them.
    assertThat(List.of(m.hostOf(0), m.hostOf(1), m.hostOf(2), m.hostOf(3))).containsExactly("node1", "node2", "node1",
        "node1");
    assertThat(m.fileText()).isEqualTo("node1\nnode2\nnode1\n");
  }

  @Test
  void badFilesAreRefusedNamingTheFileAndLine(@TempDir Path dir) throws IOException {
    Path spaced = Files.writeString(dir.resolve("spaced"), "node1\nnode2 node3\n");
    assertThatThrownBy(() -> Machines.read(spaced)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("machines file " + spaced + ":2: 'node2 node3' is not one host name or address");
    Path quoted = Files.writeString(dir.resolve("quoted"), "node1;rm\n");
    assertThatThrownBy(() -> Machines.read(quoted)).hasMessageContaining(":1: 'node1;rm'");
    Path empty = Files.writeString(dir.resolve("empty"), "# nothing\n\n");
    assertThatThrownBy(() -> Machines.read(empty)).hasMessage("machines file " + empty + ": names no host");
    assertThatThrownBy(() -> Machines.read(dir.resolve("absent"))).hasMessageStartingWith("machines file "
        + dir.resolve("absent") + ": cannot be read");
    assertThatThrownBy(() -> Machines.of(List.of())).hasMessageContaining("at least one host");
  }

  @Test
  void theRemoteShellIsCalledAsSshIs() {
    assertThat(RemoteShell.ssh().command("node2", "echo hi")).containsExactly("ssh", "-o", "BatchMode=yes", "-o",
        "ConnectTimeout=10", "node2", "echo hi");
    assertThat(RemoteShell.parse("  netns-shell  --quiet ").command("h1", "true")).containsExactly("netns-shell",
        "--quiet", "h1", "true");
    assertThatThrownBy(() -> RemoteShell.parse(" ")).hasMessageContaining("must name a program");
  }

  @Test
  void theHostCheckNamesTheFirstMissingPath(@TempDir Path dir) throws Exception {
    Path here = Files.createFile(dir.resolve("here.jar"));
    assertThat(HostCheck.check(here.toString())).startsWith("ok ");
    assertThat(HostCheck.check(here.toString(), dir.resolve("absent.jar").toString()))
        .startsWith("problem " + dir.resolve("absent.jar") + " does not exist on this host");
  }

  @Test
  void aShellCommandLineKeepsEveryWordWhole() {
    assertThat(ClusterDaemons.q("it's a path")).isEqualTo("'it'\\''s a path'");
  }
}
