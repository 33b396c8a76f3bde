package org.amrbalance.mesh.runtime;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import javax.annotation.concurrent.Immutable;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.mesh.grid.GridHierarchy;
import org.amrbalance.spi.Box;
import org.amrbalance.spi.Hierarchy;
import org.amrbalance.spi.Patch;

/**
 * The values of every patch, assembled from its pieces wherever they live, so that two runs (or one run
 * before and after a remap) compare patch by patch whatever their layouts. Built on one rank by
 * {@link #gather}; the patch values are in the patch box's order (axis 0 fastest).
 */
@Immutable
public final class Snapshot {
  /** One patch: its level, box and values. */
  public record PatchValues(int level, Box box, double[] values) {
    /** CRC32 of the values' IEEE bits (big-endian): equal checksums mean bit-identical data. */
    public long checksum() {
      ByteBuffer b = ByteBuffer.allocate(8 * values.length);
      b.asDoubleBuffer().put(values);
      CRC32 crc = new CRC32();
      crc.update(b.array());
      return crc.getValue();
    }
  }

  private final Map<Integer, PatchValues> patches;

  private Snapshot(Map<Integer, PatchValues> patches) {
    this.patches = Collections.unmodifiableMap(patches);
  }

  /**
   * Gathers every block's valid cells to {@code root} and assembles the patches there; collective (every rank
   * calls it). Null on the other ranks.
   */
  @javax.annotation.Nullable
  public static Snapshot gather(GridHierarchy grids, int root) {
    Map<Block, GridData> all = grids.gather(root);
    if (!grids.exchange().holds(root)) {
      return null;
    }
    Hierarchy h = grids.layout().hierarchy();
    Map<Integer, PatchValues> out = new TreeMap<>();
    for (Patch p : h.patches()) {
      Box box = p.box();
      double[] v = new double[Math.toIntExact(box.volume())];
      for (Block b : grids.layout().blocksOf(p.id())) {
        GridData d = all.get(b);
        Box pb = b.box();
        for (int j = pb.lo(1); j <= pb.hi(1); j++) {
          for (int i = pb.lo(0); i <= pb.hi(0); i++) {
            v[(i - box.lo(0)) + (j - box.lo(1)) * box.length(0)] = d.get(i, j);
          }
        }
      }
      out.put(p.id(), new PatchValues(p.level(), box, v));
    }
    return new Snapshot(out);
  }

  /** Patches by id, in id order. */
  public Map<Integer, PatchValues> patches() {
    return patches;
  }

  /** CRC32 of each patch's values, by patch id. */
  public Map<Integer, Long> checksums() {
    Map<Integer, Long> out = new TreeMap<>();
    patches.forEach((id, p) -> out.put(id, p.checksum()));
    return out;
  }

  /**
   * The largest |difference| between the two snapshots' values, patch by patch; infinite if they do not have
   * the same patches (ids, levels and boxes).
   */
  public double maxDifference(Snapshot other) {
    if (!patches.keySet().equals(other.patches.keySet())) {
      return Double.POSITIVE_INFINITY;
    }
    double max = 0;
    for (Map.Entry<Integer, PatchValues> e : patches.entrySet()) {
      PatchValues a = e.getValue();
      PatchValues b = other.patches.get(e.getKey());
      if (a.level() != b.level() || !a.box().equals(b.box())) {
        return Double.POSITIVE_INFINITY;
      }
      for (int k = 0; k < a.values().length; k++) {
        double d = Math.abs(a.values()[k] - b.values()[k]);
        if (!(d <= max)) {
          max = Double.isNaN(d) ? Double.POSITIVE_INFINITY : d;
        }
      }
    }
    return max;
  }

  /**
   * SHA-256 over the patches in id order (id, level and box as text, then the raw bits of every value), in hex: two
   * runs that end with the same digest ended with the same field, bit for bit, on whatever ranks or hosts.
   */
  public String digest() {
    try {
      java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
      for (Map.Entry<Integer, PatchValues> e : new TreeMap<>(patches).entrySet()) {
        PatchValues p = e.getValue();
        md.update((e.getKey() + " " + p.level() + " " + p.box() + "\n").getBytes(StandardCharsets.UTF_8));
        ByteBuffer b = ByteBuffer.allocate(8 * p.values().length);
        for (double v : p.values()) {
          b.putLong(Double.doubleToRawLongBits(v));
        }
        md.update(b.array());
      }
      return java.util.HexFormat.of().formatHex(md.digest());
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  public void write(OutputStream stream) throws IOException {
    DataOutputStream out = new DataOutputStream(stream);
    out.writeInt(patches.size());
    for (Map.Entry<Integer, PatchValues> e : patches.entrySet()) {
      PatchValues p = e.getValue();
      out.writeInt(e.getKey());
      out.writeInt(p.level());
      out.writeInt(p.box().lo(0));
      out.writeInt(p.box().lo(1));
      out.writeInt(p.box().hi(0));
      out.writeInt(p.box().hi(1));
      out.writeInt(p.values().length);
      for (double v : p.values()) {
        out.writeDouble(v);
      }
    }
    out.flush();
  }

  public static Snapshot read(InputStream stream) throws IOException {
    DataInputStream in = new DataInputStream(stream);
    int n = in.readInt();
    Map<Integer, PatchValues> out = new TreeMap<>();
    for (int k = 0; k < n; k++) {
      int id = in.readInt();
      int level = in.readInt();
      Box box = Box.of2d(in.readInt(), in.readInt(), in.readInt(), in.readInt());
      double[] v = new double[in.readInt()];
      for (int i = 0; i < v.length; i++) {
        v[i] = in.readDouble();
      }
      out.put(id, new PatchValues(level, box, v));
    }
    return new Snapshot(out);
  }
}
