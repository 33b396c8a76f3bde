package org.amrbalance.experiments.triggers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.amrbalance.experiments.models.RunResult;
import org.amrbalance.experiments.models.StepTimeNoise;
import org.amrbalance.readers.trace.StepTraceReader;
import org.amrbalance.spi.RemapPolicy;
import org.amrbalance.triggers.AdaptiveOptions;
import org.amrbalance.triggers.RemapPolicies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's recorded traces as comparison workloads: replayed as {@code replay} replays them. */
class ReplayedTraceIT {
  private static ReplayedTrace demo(int i) throws IOException {
    Path folder = ReplayedTrace.demoFolder().orElseThrow();
    return ReplayedTrace.read(folder.resolve(ReplayedTrace.DEMO_TRACES.get(i)));
  }

  @Test
  void theDemoTracesAreFoundAboveTheModuleFolder() {
    // Tests run in the experiments module folder; the traces are in the checkout's docs/results.
    Path folder = ReplayedTrace.demoFolder().orElseThrow();
    assertThat(folder.endsWith(ReplayedTrace.FOLDER)).isTrue();
    assertThat(ReplayedTrace.DEMO_TRACES).allMatch(name -> Files.isRegularFile(folder.resolve(name)));
  }

  @Test
  void withoutNoiseItIsTheReplayOfTheReplayCommand() throws IOException {
    ReplayedTrace w = demo(0);
    assertThat(w.label()).isEqualTo("trace:replay-bench-adaptive");
    assertThat(w.steps()).isEqualTo(160);
    Path file = ReplayedTrace.demoFolder().orElseThrow().resolve(ReplayedTrace.DEMO_TRACES.get(0));
    var trace = StepTraceReader.read(file);
    TraceReplay replay = TraceReplay.of(trace, RemapModel.parse("measured", TraceReplay.measuredLevel(trace)),
        Double.NaN);
    assertThat(w.cost()).isEqualTo(replay.meanMeasuredCost());
    for (int m : new int[] {0, 1, 4, 12}) {
      RunResult r = w.run(1, m == 0 ? RemapPolicies.never() : RemapPolicies.fixedInterval(m));
      TraceReplay.Run expected = replay.run(() -> m == 0 ? RemapPolicies.never() : RemapPolicies.fixedInterval(m));
      assertThat(r.utilization()).isCloseTo(expected.utilization(), within(1e-12));
      assertThat(r.remaps()).isEqualTo(expected.remaps());
      // Behind no noise, the same.
      assertThat(w.run(7, StepTimeNoise.none(), m == 0 ? RemapPolicies.never() : RemapPolicies.fixedInterval(m)).utilization())
          .isCloseTo(expected.utilization(), within(1e-12));
    }
    // docs/results/replay-bench-adaptive.txt: never 0.5474, best fixed m = 4 at 0.9199.
    assertThat(w.run(1, RemapPolicies.never()).utilization()).isCloseTo(0.5474, within(5e-5));
    assertThat(w.run(1, RemapPolicies.fixedInterval(4)).utilization()).isCloseTo(0.9199, within(5e-5));
  }

  @Test
  void aTriggerBehindTheNoiseIsAskedAtTheRecordedRegrids() throws IOException {
    ReplayedTrace w = demo(1);
    int regrids = w.run(1, RemapPolicies.everyRegrid()).remaps();
    assertThat(regrids).isEqualTo(40); // the every-regrid trace: 40 remaps, one per regrid
    assertThat(w.run(1, StepTimeNoise.multiplicative(0.05), RemapPolicies.everyRegrid()).remaps()).isEqualTo(regrids);
  }

  @Test
  void replicatesDifferOnlyInTheNoise() throws IOException {
    ReplayedTrace w = demo(0);
    StepTimeNoise noise = StepTimeNoise.multiplicative(0.05);
    double a = w.run(3, noise, RemapPolicies.never()).utilization();
    assertThat(w.run(3, noise, RemapPolicies.never()).utilization()).isEqualTo(a);
    assertThat(w.run(4, noise, RemapPolicies.never()).utilization()).isNotEqualTo(a).isCloseTo(a, within(0.02));
    assertThat(w.run(4, RemapPolicies.never()).utilization()).isEqualTo(w.run(3, RemapPolicies.never()).utilization());
  }

  /**
   * docs/results/tuning-traces/small-3-adaptive: the small demo on 3 ranks, a regrid every 2 steps redrawing the
   * shares. When the load model took the redraws for noise the trigger never remapped there (utilization equal to
   * never's on every replicate); with the noise taken from the changes between regrids it follows them. A tuning
   * trace, none of the comparison's rows: the fit's regrid handling (which has no constant) was checked on it.
   */
  @Test
  void sharesRedrawnAtRegridsAreTakenForLoad() throws IOException {
    Path folder = ReplayedTrace.demoFolder().orElseThrow();
    ReplayedTrace w = ReplayedTrace.read(folder.resolve("tuning-traces").resolve("small-3-adaptive.csv.gz"));
    StepTimeNoise noise = StepTimeNoise.multiplicative(0.05);
    double gain = 0;
    for (long seed = 1; seed <= 20; seed++) {
      RemapPolicy adaptive = RemapPolicies.adaptive(AdaptiveOptions.defaults().initialCost(w.cost()).steps(w.steps()));
      gain += w.run(seed, noise, adaptive).utilization() - w.run(seed, noise, RemapPolicies.never()).utilization();
    }
    assertThat(gain / 20).isGreaterThan(0.005);
  }

  @Test
  void aFileThatIsNoTraceOrRecordsNoRemapIsAnIoError(@TempDir Path dir) throws IOException {
    Path noRemap = Files.writeString(dir.resolve("t.csv"), "step,rank,seconds\n0,0,1\n0,1,2\n1,0,1\n1,1,2\n");
    assertThatThrownBy(() -> ReplayedTrace.read(noRemap)).isInstanceOf(IOException.class).hasMessageContaining(
        "records no remap");
    assertThatThrownBy(() -> ReplayedTrace.read(dir.resolve("missing.csv"))).isInstanceOf(IOException.class);
  }
}
