package org.amrbalance.mesh.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ExchangeTimeoutExceptionTest {
  @Test
  void namesTheRankTheSilentRanksAndTheTimeout() {
    ExchangeTimeoutException one = new ExchangeTimeoutException(0, new TreeSet<>(List.of(2)),
        Duration.ofMillis(1500));
    assertThat(one).hasMessage("rank 0 heard nothing from rank 2 within the exchange timeout of 1.5 s");
    assertThat(one.rank()).isZero();
    assertThat(one.silentRanks()).containsExactly(2);
    assertThat(one.timeout()).isEqualTo(Duration.ofMillis(1500));

    ExchangeTimeoutException two = new ExchangeTimeoutException(3, new TreeSet<>(List.of(4, 1)),
        Duration.ofSeconds(2));
    assertThat(two).hasMessage("rank 3 heard nothing from ranks 1, 4 within the exchange timeout of 2 s");
    assertThat(two.silentRanks()).containsExactly(1, 4);
  }

  @Test
  void secondsAreWrittenAsShortAsExact() {
    assertThat(ExchangeTimeoutException.seconds(Duration.ofSeconds(60))).isEqualTo("60 s");
    assertThat(ExchangeTimeoutException.seconds(Duration.ofMillis(250))).isEqualTo("0.25 s");
    assertThat(ExchangeTimeoutException.seconds(Duration.ofNanos(1))).isEqualTo("0.000000001 s");
  }

  @Test
  void badArgumentsNameTheField() {
    assertThatThrownBy(() -> new ExchangeTimeoutException(1, new TreeSet<>(), Duration.ofSeconds(1)))
        .hasMessage("silent = []: must name at least one other rank");
    assertThatThrownBy(() -> new ExchangeTimeoutException(1, new TreeSet<>(List.of(1)),
        Duration.ofSeconds(1))).hasMessage("silent = [1]: must name at least one other rank");
    assertThatThrownBy(() -> new ExchangeTimeoutException(1, new TreeSet<>(List.of(0)), Duration.ZERO))
        .hasMessage("timeout = 0 s: must be positive");
    assertThatThrownBy(() -> new ExchangeTimeoutException(-1, new TreeSet<>(List.of(0)),
        Duration.ofSeconds(1))).hasMessage("rank = -1: must be >= 0");
  }
}
