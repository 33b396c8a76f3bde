package org.amrbalance.integration.distributed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.amrbalance.spi.parallel.ThreadCollectives;
import org.amrbalance.config.BalancingModules;
import org.amrbalance.mesh.mpi.CollectiveCommunicator;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.LaunchResult.RankStatus;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLauncher;
import org.amrbalance.mesh.runtime.DistributedLaplace;
import org.amrbalance.mesh.runtime.RunOptions;
import org.amrbalance.mesh.runtime.Snapshot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The distributed runtime on MPJ Express ranks: threads (multicore) and separate processes (niodev on loopback).
 * The solution on several ranks must be the one-rank solution, whatever balancer placed the grids and however
 * often they migrated.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DistributedRuntimeIT {
  private static final Duration LIMIT = Duration.ofSeconds(150);
  /** The one-rank solution (in this JVM, ranks as threads), after the static solve and every checked step. */
  private static List<Snapshot> reference;

  @BeforeAll
  static void oneRankReference() {
    RunOptions o = RuntimeCheckProgram.BASE.withSteps(RuntimeCheckProgram.LONG);
    reference = ThreadCollectives.run(1, c -> {
      DistributedLaplace run = DistributedLaplace.start(CollectiveCommunicator.over(c), o);
      List<Snapshot> out = new ArrayList<>(List.of(run.snapshot(0)));
      for (int s = 1; s <= o.steps(); s++) {
        run.step();
        if (o.checks(s)) {
          out.add(run.snapshot(0));
        }
      }
      return out;
    }).get(0);
  }

  private static LaunchResult launch(MpjDevice device, int ranks, String... args) {
    LaunchResult result = MpjLauncher.locate().withDevice(device).withRanks(ranks).withTimeout(LIMIT)
        .launch(RuntimeCheckProgram.class, List.of(args));
    System.out.println(device + " x" + ranks + " " + List.of(args) + ": " + result.summary());
    result.output().stream().filter(l -> l.startsWith("balancer ") || l.startsWith("trigger ")
        || l.startsWith(RuntimeCheckProgram.MIGRATION_OK)).forEach(System.out::println);
    assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
        .as("processes left by the launch").isEmpty();
    return result;
  }

  @ParameterizedTest(name = "{1} x {0}")
  @CsvSource({"1, MULTICORE", "2, MULTICORE", "4, MULTICORE", "2, NIODEV"})
  void everyBalancerGivesTheOneRankSolutionAtEveryCheckedStep(int ranks, MpjDevice device, @TempDir Path dir)
      throws IOException {
    LaunchResult result = launch(device, ranks, "balancers", dir.toString());
    assertThat(result.succeeded()).as(result.summary()).isTrue();

    List<String> names = RuntimeCheckProgram.balancerOrder();
    assertThat(names).hasSize(BalancingModules.balancerNames().size()).contains("grid-packing", "scatter",
        "domain-decomposition", "grid-indivisibility", "sfc-hilbert");
    for (String name : names) {
      int steps = name.equals("knapsack") ? RuntimeCheckProgram.LONG : RuntimeCheckProgram.SHORT;
      for (int s = 0, k = 0; s <= steps; s += 2, k++) {
        Snapshot got;
        try (InputStream in = Files.newInputStream(dir.resolve(name).resolve(RuntimeCheckProgram.fileName(s)))) {
          got = Snapshot.read(in);
        }
        assertThat(got.patches()).as("%s step %d", name, s).hasSameSizeAs(reference.get(k).patches());
        assertThat(got.maxDifference(reference.get(k))).as("%s on %d %s ranks, step %d", name, ranks, device, s)
            .isLessThanOrEqualTo(1e-12);
      }
    }
    // The long run regrids at steps 2, 4, 6, 8 and every regrid remaps (trigger every-regrid).
    assertThat(result.output()).anySatisfy(l -> assertThat(l).startsWith("balancer knapsack: 8 steps, 5 remaps"));
  }

  @ParameterizedTest(name = "{1} x {0}")
  @CsvSource({"4, MULTICORE", "2, NIODEV"})
  void migrationMovesEveryPieceAndKeepsEveryPatchBitIdentical(int ranks, MpjDevice device) {
    LaunchResult result = launch(device, ranks, "migration");
    assertThat(result.succeeded()).as(result.summary()).isTrue();
    String line = result.output().stream().filter(l -> l.startsWith(RuntimeCheckProgram.MIGRATION_OK)).findFirst()
        .orElseThrow();
    Matcher m = Pattern.compile("(\\d+) patches, (\\d+) cells moved, (\\d+) cells in the hierarchy").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isGreaterThan(3);
    // Every remap moves every piece to the next rank: each cell moves once per remap.
    assertThat(Long.parseLong(m.group(2))).isEqualTo(Math.max(1, ranks - 1) * Long.parseLong(m.group(3)));
  }

  @Test
  void aDamagedMigrationEndsTheRunWithAClearError() {
    LaunchResult result = launch(MpjDevice.MULTICORE, 3, "corrupt");
    assertThat(result.succeeded()).isFalse();
    assertThat(result.timedOut()).isFalse();
    assertThat(result.status(1)).isEqualTo(RankStatus.FAILED);
    assertThat(result.failure(1)).hasValueSatisfying(trace -> assertThat(trace)
        .contains("migration to rank 1 failed, grid data damaged in transit")
        .contains("from rank 0 to rank 1: CRC32 mismatch"));
    assertThat(result.status(0)).isNotEqualTo(RankStatus.FAILED);
  }

  @Test
  void everyTriggerRunsEndToEndWithMeasuredRemapCosts() {
    LaunchResult result = launch(MpjDevice.MULTICORE, 2, "triggers");
    assertThat(result.succeeded()).as(result.summary()).isTrue();
    List<String> lines = result.output().stream().filter(l -> l.startsWith(RuntimeCheckProgram.TRIGGER)).toList();
    assertThat(lines).hasSize(BalancingModules.triggerNames().size());
    Pattern cost = Pattern.compile(" (\\d+):([0-9.Ee-]+)");
    for (String line : lines) {
      assertThat(line).contains(": 24 steps");
      Matcher m = cost.matcher(line);
      while (m.find()) {
        assertThat(Double.parseDouble(m.group(2))).as(line).isGreaterThan(0).isLessThan(60);
      }
    }
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("trigger every-regrid:").matches(".*( \\d+:\\S+){13}"));
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("trigger fixed-interval:").contains(" 5:", " 10:"));
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("trigger never:").endsWith("remaps"));
  }
}
