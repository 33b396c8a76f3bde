package org.amrbalance.experiments.triggers;

import java.io.PrintStream;
import java.util.List;
import org.amrbalance.experiments.Command;
import org.amrbalance.experiments.cli.Args;
import org.amrbalance.experiments.cli.Option;

/**
 * {@code simulate}: a trigger (or the exact optimum) on a load model of the papers, over many runs; prints JSON with
 * the paired differences, over the runs, against the best fixed interval in hindsight and against never.
 */
public final class SimulateCommand implements Command {
  @Override
  public String name() {
    return "simulate";
  }

  @Override
  public String summary() {
    return "simulate a trigger on a load model (MUM, LD, random walk) and print its utilization as JSON";
  }

  @Override
  public List<Option> options() {
    return List.of(
        Option.value("model", "M", "mum (seed 000), ld (seed 000) or randomwalk (seed 003) (default mum)"),
        Option.value("policy", "P", "sar, fixed:m, optimal (mum), a trigger name (stop-at-rise, change-detection, ...),"
            + " any:a,b or all:a,b (default sar)"),
        Option.value("set", "KEY=VALUE", "a trigger option, KEY = trigger.option, e.g. change-detection.batch-size=8"
            + " (repeatable; initial-cost and expected-steps default to --cost and --steps)"),
        Option.value("fixed-max", "M", "the best fixed interval is searched over m = 1..M (default 50)"),
        Option.value("procs", "N", "processors (default 8)"),
        Option.value("steps", "S", "steps per run (default 400)"),
        Option.value("cost", "C", "remap cost in step units (default 2)"),
        Option.value("runs", "R", "independent runs, >= 2 (default 200)"),
        Option.value("seed", "K", "random seed (default 0)"),
        Option.value("states", "L", "mum: states per chain (default 19)"),
        Option.value("p", "P", "mum: move probability (default 0.5)"),
        Option.value("remap", "R", "mum: average or reset (default average)"),
        Option.value("grid", "G", "ld: a G x G grid (default 64)"),
        Option.value("up", "X", "ld: probability of moving up (default 0.1)"),
        Option.value("right", "X", "ld: probability of moving right (default 0.1)"),
        Option.value("down", "X", "ld: probability of moving down (default 0.05)"),
        Option.value("left", "X", "ld: probability of moving left (default 0.05)"),
        Option.value("load", "W", "randomwalk: initial load (default 100)"),
        Option.value("increments", "I", "randomwalk: death-birth, normal:mu:sigma2 or exponential:mu"),
        Option.value("tolerance", "D", "remap-frequency: tolerance D (default 0.1)"));
  }

  @Override
  public int run(Args args, PrintStream out, PrintStream err) {
    out.println(TriggerExperiments.simulate(args));
    return 0;
  }
}
