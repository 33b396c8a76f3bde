package org.amrbalance.experiments;

import org.amrbalance.experiments.cli.Command;
import org.amrbalance.experiments.cli.Invocation;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.experiments.balance.BalanceCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class LauncherTest {
  static final Path DATA = Path.of("..", "readers", "src", "test", "resources", "hierarchies");
  private LauncherCall call = new LauncherCall(Launcher.standard());

  private int run(Launcher launcher, String... args) {
    call = new LauncherCall(launcher);
    return call.status(args);
  }

  private String out() {
    return call.out();
  }

  private String err() {
    return call.err();
  }

  /** A command whose work fails as a bug would. */
  @CommandLine.Command(name = "boom", description = "fails")
  static final class Boom implements Command {
    @Override
    public int run(Invocation call) {
      throw new IllegalStateException("the state broke");
    }
  }

  @Test
  void everyCommandsHelpListsEveryBalancerAndTriggerName() {
    Launcher launcher = Launcher.standard();
    assertThat(Commands.all()).hasSize(12);
    for (Command c : Commands.all()) {
      String name = c.getClass().getAnnotation(CommandLine.Command.class).name();
      assertThat(run(launcher, name, "--help")).as(name).isZero();
      assertThat(out()).as(name).contains("Usage: amrbalance " + name, "--version");
      BalancingModules.balancerNames().forEach(b -> assertThat(out()).as(name).contains(b));
      BalancingModules.triggerNames().forEach(t -> assertThat(out()).as(name).contains(t));
    }
    assertThat(run(launcher, "--help")).isZero();
    assertThat(out()).contains("simulate", "expected-w", "replay", "balance", "reproduce", "bench", "lockstep",
        "placement", "first-remaps", "fit-spread");
    assertThat(run(launcher, "help", "replay")).isZero();
    assertThat(out()).contains("--remap-model");
    assertThat(run(launcher)).isEqualTo(2);
    assertThat(out()).contains("Usage: amrbalance");
  }

  @Test
  void completionCoversEveryCommandAndItsOptions() {
    assertThat(run(Launcher.standard(), "completion")).isZero();
    assertThat(out()).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_amrbalance",
        "_picocli_amrbalance_balance", "--remap-model", "--topology");
  }

  @Test
  void versionIsPrintedByTheLauncherAndEveryCommand() {
    Launcher launcher = Launcher.standard();
    assertThat(run(launcher, "--version")).isZero();
    assertThat(out()).matches("amrbalance \\d+\\.\\d+\\.\\d+\\R");
    String version = out();
    assertThat(run(launcher, "simulate", "--version")).isZero();
    assertThat(out()).isEqualTo(version);
  }

  @Test
  void valuesMayFollowAnEqualsSignOrASpaceAndTheLastValueWins() {
    Launcher launcher = Launcher.standard();
    assertThat(run(launcher, "expected-w", "--procs=3", "--cost", "4", "--max-n=5")).isZero();
    String equals = out();
    assertThat(run(launcher, "expected-w", "--procs", "2", "--procs", "3", "--cost=4", "--max-n", "5")).isZero();
    assertThat(out()).isEqualTo(equals).contains("\"procs\": 3", "\"cost\": 4");
  }

  @Test
  void relativePathsResolveAgainstTheCallersDirectory() {
    Launcher there = new Launcher(List.of(new BalanceCommand()), DATA);
    assertThat(run(there, "balance", "--input", "chombo_testGrids.2d", "--ranks", "2", "--markdown")).as(err())
        .isZero();
    assertThat(out()).contains("| knapsack | 2 |");
    Launcher here = new Launcher(List.of(new BalanceCommand()));
    assertThat(run(here, "balance", "--input", "chombo_testGrids.2d")).isEqualTo(2);
    assertThat(err()).isEqualTo("amrbalance balance: no such file (chombo_testGrids.2d)" + System.lineSeparator());
  }

  @Test
  void commandLineErrorsAreOneMessageNamingTheOptionAndAHint() {
    Launcher launcher = Launcher.standard();
    assertThat(run(launcher, "balance", "--rank", "4")).isEqualTo(2);
    assertThat(err()).startsWith("amrbalance balance: unknown option, did you mean --ranks? (--rank)")
        .contains("try: amrbalance balance --help");
    assertThat(run(launcher, "simulate", "--procs")).isEqualTo(2);
    assertThat(err()).startsWith("amrbalance simulate: needs a value N (--procs)");
    assertThat(run(launcher, "replay", "--json=yes")).isEqualTo(2);
    assertThat(err()).startsWith("amrbalance replay: takes no value (--json=yes)");
    assertThat(run(launcher, "expected-w", "extra")).isEqualTo(2);
    assertThat(err()).startsWith("amrbalance expected-w: unexpected argument (extra)");
    assertThat(run(launcher, "frobnicate")).isEqualTo(2);
    assertThat(err()).startsWith("amrbalance: unknown").contains("frobnicate");
    // A control byte of the command line is shown, not sent to the terminal.
    assertThat(run(launcher, "simulate", "--runs", "3\u0007")).isEqualTo(2);
    assertThat(err()).contains("(--runs = 3\\x07)").doesNotContain("\u0007");
    for (String e : List.of(err())) {
      assertThat(e).doesNotContain("Exception", "picocli", "java.");
    }
  }

  @Test
  void aFailureOfTheWorkItselfExitsWithOneWithoutAClassName() {
    Launcher launcher = new Launcher(List.of(new Boom()));
    assertThat(run(launcher, "boom")).isEqualTo(1);
    assertThat(err()).startsWith("amrbalance boom: internal error: the state broke").doesNotContain("Exception");
  }
}
