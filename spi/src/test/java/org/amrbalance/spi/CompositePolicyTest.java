package org.amrbalance.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CompositePolicyTest {
  private static final StepTimes STEP = StepTimes.of(1, 2);

  /** Fires on the given step numbers (counted from 1), records what it is told, and saves its step count. */
  private static final class Scripted implements RemapPolicy {
    final String name;
    final Set<Integer> fireAt;
    final double gain;
    final boolean regrid;
    final List<String> calls = new ArrayList<>();
    int steps;

    Scripted(String name, double gain, boolean regrid, Integer... fireAt) {
      this.name = name;
      this.gain = gain;
      this.regrid = regrid;
      this.fireAt = Set.of(fireAt);
    }

    @Override
    public RemapDecision onStep(StepTimes times) {
      steps++;
      if (!fireAt.contains(steps)) {
        return RemapDecision.keep();
      }
      return Double.isNaN(gain) ? RemapDecision.remap(name) : RemapDecision.remap(name, gain);
    }

    @Override
    public void onRemap(double measuredCost) {
      calls.add("remap " + measuredCost);
    }

    @Override
    public void onRemapAskedByAnother(double measuredCost) {
      calls.add("other " + measuredCost);
    }

    @Override
    public void onRemapSkipped() {
      calls.add("skipped");
    }

    @Override
    public RemapDecision onRegrid() {
      return regrid ? RemapDecision.remap("regrid") : RemapDecision.keep("regrid");
    }

    @Override
    public byte[] saveState() {
      return TriggerState.writer(name, 1).putInt(steps).toBytes();
    }

    @Override
    public void restoreState(byte[] state) {
      TriggerState.Reader in = TriggerState.reader(state, name, 1);
      int s = in.readInt();
      in.end();
      steps = s;
    }
  }

  @Test
  void anyFiresWhenOneMemberDoesJoiningReasonsAndKeepingTheLargestGain() {
    Scripted a = new Scripted("a", 0.2, false, 1, 3);
    Scripted b = new Scripted("b", 0.5, false, 3);
    Scripted c = new Scripted("c", Double.NaN, false, 2);
    CompositePolicy any = CompositePolicy.anyOf(a, b, c);
    RemapDecision first = any.onStep(STEP);
    assertThat(first.shouldRemap()).isTrue();
    assertThat(first.reason()).isEqualTo("a");
    assertThat(first.predictedGain()).isEqualTo(0.2);
    any.onRemap(4);
    // Only the member that asked hears a remap of its own; the others hear that another asked.
    assertThat(a.calls).containsExactly("remap 4.0");
    assertThat(b.calls).containsExactly("other 4.0");
    assertThat(c.calls).containsExactly("other 4.0");

    RemapDecision second = any.onStep(STEP);
    assertThat(second.reason()).isEqualTo("c");
    assertThat(second.predictedGain()).isNaN();
    any.onRemapSkipped();
    assertThat(c.calls).containsExactly("other 4.0", "skipped");
    assertThat(a.calls).containsExactly("remap 4.0");

    RemapDecision third = any.onStep(STEP);
    assertThat(third.reason()).isEqualTo("a; b");
    assertThat(third.predictedGain()).isEqualTo(0.5);
  }

  @Test
  void allFiresOnlyWhenEveryMemberDoesAndTellsTheLoneAskersTheirRemapWasSkipped() {
    Scripted a = new Scripted("a", Double.NaN, true, 1, 2);
    Scripted b = new Scripted("b", Double.NaN, false, 2);
    CompositePolicy all = CompositePolicy.allOf(a, b);
    assertThat(all.onStep(STEP).shouldRemap()).isFalse();
    assertThat(a.calls).containsExactly("skipped");
    assertThat(b.calls).isEmpty();
    assertThat(all.onStep(STEP).shouldRemap()).isTrue();
    all.onRemap(1);
    assertThat(a.calls).containsExactly("skipped", "remap 1.0");
    assertThat(b.calls).containsExactly("remap 1.0");
    assertThat(all.onRegrid().shouldRemap()).isFalse();
    assertThat(CompositePolicy.anyOf(a, b).onRegrid().shouldRemap()).isTrue();
  }

  @Test
  void savesEveryMemberAndRestoresAllOrNone() {
    Scripted a = new Scripted("a", Double.NaN, false, 2);
    Scripted b = new Scripted("b", Double.NaN, false);
    CompositePolicy any = CompositePolicy.anyOf(a, b);
    any.onStep(STEP);
    byte[] saved = any.saveState();

    Scripted a2 = new Scripted("a", Double.NaN, false, 2);
    Scripted b2 = new Scripted("b", Double.NaN, false);
    CompositePolicy restored = CompositePolicy.anyOf(a2, b2);
    restored.restoreState(saved);
    assertThat(a2.steps).isEqualTo(1);
    assertThat(restored.onStep(STEP).shouldRemap()).isTrue();

    // The second member is of another kind: the first, already restored, goes back to what it was.
    Scripted a3 = new Scripted("a", Double.NaN, false);
    a3.steps = 7;
    CompositePolicy wrong = CompositePolicy.anyOf(a3, new Scripted("z", Double.NaN, false));
    assertThatThrownBy(() -> wrong.restoreState(saved)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("state of member 1: ");
    assertThat(a3.steps).isEqualTo(7);
    assertThatThrownBy(() -> CompositePolicy.anyOf(a3).restoreState(saved))
        .hasMessageContaining("holds 2 members, this composite 1");
  }

  @Test
  void refusesNoMembersAndNullMembers() {
    assertThatThrownBy(CompositePolicy::allOf).hasMessageContaining("members.size() = 0");
    assertThatThrownBy(() -> CompositePolicy.anyOf(new Scripted("a", 0, false), null))
        .hasMessageContaining("members[1]");
  }

  @Test
  void theDefaultForARemapAskedByAnotherIsAPlainRemap() {
    List<Double> remaps = new ArrayList<>();
    RemapPolicy plain = new RemapPolicy() {
      @Override
      public RemapDecision onStep(StepTimes times) {
        return RemapDecision.keep();
      }

      @Override
      public void onRemap(double measuredCost) {
        remaps.add(measuredCost);
      }
    };
    plain.onRemapAskedByAnother(2.5);
    assertThat(remaps).containsExactly(2.5);
  }
}
