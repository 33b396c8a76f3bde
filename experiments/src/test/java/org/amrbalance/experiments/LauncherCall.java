package org.amrbalance.experiments;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.amrbalance.experiments.cli.Command;

/** Runs launcher commands in process, as the jar would, and keeps what the last call printed. */
public final class LauncherCall {
  private final Launcher launcher;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  public LauncherCall(Command... commands) {
    this(new Launcher(List.of(commands)));
  }

  public LauncherCall(Launcher launcher) {
    this.launcher = launcher;
  }

  /** Runs {@code args} (the command's name first); returns the exit status. */
  public int status(String... args) {
    out.reset();
    err.reset();
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  /** What the last call printed on standard output. */
  public String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  /** What the last call printed on standard error. */
  public String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
