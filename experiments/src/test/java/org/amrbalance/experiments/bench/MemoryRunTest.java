package org.amrbalance.experiments.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryRunTest {
  @Test
  void aFreshJvmBalancesUnderItsCapAndReportsItsHeap() throws Exception {
    MemoryResult r = new MemoryRun(256L << 20, 120).run("round-robin", 2_000, 64);
    assertThat(r.status()).isEqualTo("ok");
    assertThat(r.grids()).isEqualTo(2_000);
    assertThat(r.maxHeapBytes()).isLessThanOrEqualTo(256L << 20);
    assertThat(r.liveBeforeBytes()).isPositive();
    assertThat(r.peakBytes()).isGreaterThanOrEqualTo(r.liveBeforeBytes());
    assertThat(r.liveAfterBytes()).isGreaterThan(r.liveBeforeBytes()); // it holds the assignment too
    assertThat(r.pieces()).isEqualTo(2_000); // round-robin places whole grids: one piece each
  }

  @Test
  void aHeapTooSmallIsReportedAsOutOfMemory() throws Exception {
    MemoryResult r = new MemoryRun(16L << 20, 120).run("round-robin", 200_000, 64);
    assertThat(r.status()).isEqualTo("out of memory");
    assertThat(r.ok()).isFalse();
    assertThat(r.pieces()).isEqualTo(-1);
  }
}
