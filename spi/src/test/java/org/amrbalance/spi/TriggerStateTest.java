package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The byte format of a trigger's saved state, read back field by field, and every way a state is refused. */
class TriggerStateTest {
  private static byte[] sample() {
    return TriggerState.writer("sample", 3).putInt(-7).putLong(1L << 40).putDouble(Math.PI).putBoolean(true)
        .putDoubles(new double[] {1.5, Double.NaN}).putDoubles(null).putLongs(new long[] {4, -5}).putLongs(null)
        .putBytes(new byte[] {9, 8, 7}).toBytes();
  }

  @Test
  void everyFieldReadsBackAsWritten() {
    TriggerState.Reader r = TriggerState.reader(sample(), "sample", 3);
    assertThat(r.readInt()).isEqualTo(-7);
    assertThat(r.readLong()).isEqualTo(1L << 40);
    assertThat(r.readDouble()).isEqualTo(Math.PI);
    assertThat(r.readBoolean()).isTrue();
    assertThat(r.readDoubles()).containsExactly(1.5, Double.NaN);
    assertThat(r.readDoubles()).isNull();
    assertThat(r.readLongs()).containsExactly(4, -5);
    assertThat(r.readLongs()).isNull();
    assertThat(r.readBytes()).containsExactly(9, 8, 7);
    r.end();
  }

  @Test
  void aStateOfAnotherKindOrVersionOrNoStateAtAllIsRefused() {
    assertThatThrownBy(() -> TriggerState.reader(sample(), "other", 3))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("written by trigger sample, not other");
    assertThatThrownBy(() -> TriggerState.reader(sample(), "sample", 4))
        .hasMessageContaining("sample state format 3, this version reads 4");
    assertThatThrownBy(() -> TriggerState.reader(new byte[] {1, 2, 3, 4, 5}, "sample", 3))
        .hasMessageContaining("not a trigger state");
    assertThatThrownBy(() -> TriggerState.reader(new byte[] {1, 2}, "sample", 3)).hasMessageContaining("cut short");
    assertThatThrownBy(() -> TriggerState.reader(null, "sample", 3)).hasMessageContaining("state");
  }

  @Test
  void aStateCutAnywhereIsRefusedAsCutShort() {
    byte[] whole = sample();
    for (int n = 0; n < whole.length; n++) {
      byte[] part = Arrays.copyOf(whole, n);
      assertThatThrownBy(() -> {
        TriggerState.Reader r = TriggerState.reader(part, "sample", 3);
        r.readInt();
        r.readLong();
        r.readDouble();
        r.readBoolean();
        r.readDoubles();
        r.readDoubles();
        r.readLongs();
        r.readLongs();
        r.readBytes();
        r.end();
      }).as("%d of %d bytes", n, whole.length).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void bytesLeftOverOrADamagedLengthAreRefused() {
    byte[] longer = TriggerState.writer("sample", 1).putInt(1).putInt(2).toBytes();
    TriggerState.Reader r = TriggerState.reader(longer, "sample", 1);
    r.readInt();
    assertThatThrownBy(r::end).hasMessageContaining("4 bytes after its last field");
    // An array length far beyond what is left allocates nothing and reads as cut short.
    byte[] huge = TriggerState.writer("sample", 1).putInt(Integer.MAX_VALUE).toBytes();
    assertThatThrownBy(() -> TriggerState.reader(huge, "sample", 1).readDoubles()).hasMessageContaining("cut short");
    byte[] negative = TriggerState.writer("sample", 1).putInt(-1).toBytes();
    assertThatThrownBy(() -> TriggerState.reader(negative, "sample", 1).readBytes())
        .hasMessageContaining("negative length");
  }
}
