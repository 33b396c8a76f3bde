package org.amrbalance.spi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.amrbalance.spi.internal.Checks;

/**
 * Several triggers as one: fires when any (or all) of them fire, e.g. Stop-At-Rise for gradual drift together with
 * change detection for sudden change. Every member sees every step, so each keeps its own statistics; a remap resets
 * all of them (the imbalance they measured is gone; a member that did not ask hears {@link
 * RemapPolicy#onRemapAskedByAnother}), and a skipped remap is reported to the members that asked for it.
 */
public final class CompositePolicy implements RemapPolicy {
  private static final String KIND = "composite";

  private final List<RemapPolicy> members;
  private final boolean all;
  private final boolean[] asked;

  private CompositePolicy(List<RemapPolicy> members, boolean all) {
    Checks.check(!members.isEmpty(), "members.size()", 0, "a composite needs at least one policy");
    for (int i = 0; i < members.size(); i++) {
      Checks.notNull("members[" + i + "]", members.get(i));
    }
    this.members = List.copyOf(members);
    this.all = all;
    this.asked = new boolean[members.size()];
  }

  /** Fires when at least one member fires. */
  public static CompositePolicy anyOf(RemapPolicy... members) {
    return new CompositePolicy(Arrays.asList(Checks.notNull("members", members)), false);
  }

  /** Fires when every member fires in the same step. */
  public static CompositePolicy allOf(RemapPolicy... members) {
    return new CompositePolicy(Arrays.asList(Checks.notNull("members", members)), true);
  }

  @Override
  public RemapDecision onStep(StepTimes times) {
    List<String> reasons = new ArrayList<>();
    int firing = 0;
    double gain = Double.NaN;
    for (int i = 0; i < members.size(); i++) {
      RemapDecision d = members.get(i).onStep(times);
      asked[i] = d.shouldRemap();
      if (asked[i]) {
        firing++;
        reasons.add(d.reason());
        if (!Double.isNaN(d.predictedGain())) {
          gain = Double.isNaN(gain) ? d.predictedGain() : Math.max(gain, d.predictedGain());
        }
      }
    }
    boolean fire = all ? firing == members.size() : firing > 0;
    if (!fire) {
      // Members that asked alone did not get their remap: tell them, as a vetoing second stage would.
      for (int i = 0; i < members.size(); i++) {
        if (asked[i]) {
          members.get(i).onRemapSkipped();
          asked[i] = false;
        }
      }
      return RemapDecision.keep();
    }
    String reason = String.join("; ", reasons);
    return Double.isNaN(gain) ? RemapDecision.remap(reason) : RemapDecision.remap(reason, gain);
  }

  @Override
  public void onRemap(double measuredCost) {
    boolean anyAsked = false;
    for (boolean a : asked) {
      anyAsked |= a;
    }
    for (int i = 0; i < members.size(); i++) {
      if (anyAsked && !asked[i]) {
        members.get(i).onRemapAskedByAnother(measuredCost);
      } else {
        members.get(i).onRemap(measuredCost);
      }
    }
    Arrays.fill(asked, false);
  }

  @Override
  public void onRemapSkipped() {
    for (int i = 0; i < members.size(); i++) {
      if (asked[i]) {
        members.get(i).onRemapSkipped();
        asked[i] = false;
      }
    }
  }

  /** The members' states in order, and which of them asked for the pending remap. */
  @Override
  public byte[] saveState() {
    TriggerState.Writer out = TriggerState.writer(KIND, 1).putInt(members.size());
    for (int i = 0; i < members.size(); i++) {
      out.putBoolean(asked[i]).putBytes(members.get(i).saveState());
    }
    return out.toBytes();
  }

  @Override
  public void restoreState(byte[] state) {
    TriggerState.Reader in = TriggerState.reader(state, KIND, 1);
    int n = in.readInt();
    Checks.check(n == members.size(), "state", state.length + " bytes", "holds " + n + " members, this composite "
        + members.size());
    boolean[] a = new boolean[n];
    byte[][] parts = new byte[n][];
    for (int i = 0; i < n; i++) {
      a[i] = in.readBoolean();
      parts[i] = in.readBytes();
    }
    in.end();
    // All members or none: a member refusing its part must leave the earlier ones as they were.
    byte[][] before = new byte[n][];
    for (int i = 0; i < n; i++) {
      before[i] = members.get(i).saveState();
    }
    int done = 0;
    try {
      for (; done < n; done++) {
        members.get(done).restoreState(parts[done]);
      }
    } catch (IllegalArgumentException e) {
      for (int i = 0; i < done; i++) {
        members.get(i).restoreState(before[i]);
      }
      throw new IllegalArgumentException("state of member " + done + ": " + e.getMessage(), e);
    }
    System.arraycopy(a, 0, asked, 0, n);
  }

  @Override
  public RemapDecision onRegrid() {
    boolean any = false;
    boolean every = true;
    for (RemapPolicy m : members) {
      boolean r = m.onRegrid().shouldRemap();
      any |= r;
      every &= r;
    }
    return (all ? every : any) ? RemapDecision.remap("regrid") : RemapDecision.keep("regrid");
  }
}
