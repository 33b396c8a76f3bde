package org.amrbalance.experiments.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.amrbalance.experiments.Launcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandIT {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Launcher launcher = new Launcher(List.of(new ReproduceCommand(List.of(new ChapterThreeSweeps(2)))));

  private int run(String... args) {
    return launcher.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void chapterThreeSweepWritesItsCsvAndPlots(@TempDir Path dir) throws Exception {
    assertThat(run("reproduce", "seed002-ch3", "--quick", "--out", dir.toString())).isZero();
    List<String> csv = Files.readAllLines(dir.resolve("seed002-ch3.csv"));
    assertThat(csv.get(0)).startsWith("experiment,x_name,x,algorithm");
    // E1: 5 COMMCOST x 8 t(avg); E2: 7 x 3; E3: 4 x 3; E4: 5 x 3; E5: 7 x 3
    assertThat(csv).hasSize(1 + 40 + 21 + 12 + 15 + 21);
    assertThat(csv).anyMatch(l -> l.startsWith("E3,ranks,256.0,L3,256,"));
    assertThat(ImageIO.read(dir.resolve("seed002-fig3.3-E1-total.png").toFile()).getWidth()).isEqualTo(800);
    assertThat(Files.list(dir).filter(f -> f.toString().endsWith(".png")).count()).isEqualTo(13);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("seed002-ch3: 14 files");
  }

  @Test
  void badCommandLinesExitWithStatusTwoNamingTheProblem() {
    assertThat(run("reproduce", "seed999")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown experiment; known: seed002-ch3, all (seed999)");
    assertThat(run("reproduce", "--fast", "all")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown option", "(--fast)");
    assertThat(run("reproduce", "--list")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("seed002-ch3");
    assertThat(run("reproduce", "--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--quick", "Experiments:", "seed002-ch3");
  }

  @Test
  void heldOutSetsTheHeldOutReplicatesOfTheTriggerComparisonOnly(@TempDir Path dir) {
    ReproduceCommand command = new ReproduceCommand(List.of(new TriggerComparison(), new ChapterThreeSweeps(2)));
    command.names = List.of("all");
    command.heldOut = "7";
    List<Reproduction> chosen = command.options(dir).chosen();
    assertThat(((TriggerComparison) chosen.get(0)).heldOut(false)).isEqualTo(7);
    assertThat(((TriggerComparison) chosen.get(0)).heldOut(true)).isEqualTo(7);
    assertThat(chosen.get(1)).isInstanceOf(ChapterThreeSweeps.class);
    assertThat(new TriggerComparison().heldOut(false)).isEqualTo(500);
    assertThat(new TriggerComparison().heldOut(true)).isEqualTo(20);
    Launcher trigger = new Launcher(List.of(new ReproduceCommand(List.of(new TriggerComparison()))));
    assertThat(trigger.run(new String[] {"reproduce", "trigger-comparison", "--held-out", "1"},
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)))
        .isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("must be an integer in [2, 10000] (--held-out = 1)");
  }
}
