package org.amrbalance.balancers.packing;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Predicate;

/**
 * TP's corner list in creation order, cut into blocks of consecutive corners that carry bounds on their
 * corners: the largest sides p and q, the smallest and largest x and y, the farthest ray ends x + p and
 * y + q. FindBestCorner skips a block in which no corner fits the grid or none can score strictly below the
 * best so far; UpdateCornerList skips a block none of whose rays the new grid can cross. Corners only shrink
 * or go, so the bounds of a block stay valid until it is next rebuilt; skipping only what cannot matter keeps
 * the packing exactly that of the plain list scan.
 */
final class CornerBlocks implements Iterable<Corner> {
  /** Corners per block: enough to make a skipped block worth it, few enough that bounds stay tight. */
  static final int SIZE = 32;

  /** One block of corners, in creation order, with bounds over them. */
  static final class Chunk {
    final Corner[] corners = new Corner[SIZE];
    int n;
    long maxP;
    long maxQ;
    long minX;
    long minY;
    long maxX;
    long maxY;
    long maxRight;
    long maxTop;

    Chunk() {
      clearBounds();
    }

    private void clearBounds() {
      maxP = maxQ = maxX = maxY = maxRight = maxTop = Long.MIN_VALUE;
      minX = minY = Long.MAX_VALUE;
    }

    private void include(Corner c) {
      maxP = Math.max(maxP, c.p);
      maxQ = Math.max(maxQ, c.q);
      minX = Math.min(minX, c.x);
      minY = Math.min(minY, c.y);
      maxX = Math.max(maxX, c.x);
      maxY = Math.max(maxY, c.y);
      maxRight = Math.max(maxRight, end(c.x, c.p));
      maxTop = Math.max(maxTop, end(c.y, c.q));
    }

    /** Whether some corner here may fit a w x h grid in either orientation. */
    boolean mayFit(long w, long h) {
      return (maxP >= w && maxQ >= h) || (maxP >= h && maxQ >= w);
    }

    /**
     * Whether the grid [gx, gx + gw) x [gy, gy + gh) may cross a ray of a corner here (the tests of
     * {@link Corner#shrinkFor}, relaxed to the bounds).
     */
    boolean mayCross(long gx, long gy, long gw, long gh) {
      boolean horizontal = maxY >= gy && minY - gy < gh && minX <= gx && maxRight > gx;
      boolean vertical = maxX >= gx && minX - gx < gw && minY <= gy && maxTop > gy;
      return horizontal || vertical;
    }

    /**
     * Applies UpdateCornerList's shrinking to every corner here ({@link Corner#shrinkFor}); whether some corner
     * shrank or is the used one {@code usedSeq}, that is, whether this block may lose corners.
     */
    boolean shrink(long usedSeq, long gx, long gy, long gw, long gh) {
      boolean changed = false;
      for (int i = 0; i < n; i++) {
        Corner c = corners[i];
        long p = c.p;
        long q = c.q;
        c.shrinkFor(gx, gy, gw, gh);
        changed |= c.seq == usedSeq || c.p != p || c.q != q;
      }
      return changed;
    }

    boolean holds(long seq) {
      return n > 0 && corners[0].seq <= seq && seq <= corners[n - 1].seq;
    }

    /** Drops the corners {@code gone} selects, keeping the order, and tightens the bounds. */
    void removeIf(Predicate<Corner> gone) {
      clearBounds();
      int k = 0;
      for (int i = 0; i < n; i++) {
        Corner c = corners[i];
        if (!gone.test(c)) {
          corners[k++] = c;
          include(c);
        }
      }
      for (int i = k; i < n; i++) {
        corners[i] = null;
      }
      n = k;
    }
  }

  final List<Chunk> chunks = new ArrayList<>();
  private int size;

  /** x + run, saturating at {@link Corner#INFINITE}. */
  static long end(long x, long run) {
    return run >= Corner.INFINITE - x ? Corner.INFINITE : x + run;
  }

  /** Appends a corner; corners must come in creation order. */
  void add(Corner c) {
    Chunk last = chunks.isEmpty() ? null : chunks.get(chunks.size() - 1);
    if (last == null || last.n == SIZE) {
      last = new Chunk();
      chunks.add(last);
    }
    last.corners[last.n++] = c;
    last.include(c);
    size++;
  }

  /** Applies {@code gone} to every corner of {@code chunk}; empty chunks are dropped by {@link #compact}. */
  void removeIf(Chunk chunk, Predicate<Corner> gone) {
    int before = chunk.n;
    chunk.removeIf(gone);
    size -= before - chunk.n;
  }

  /** Drops empty chunks and merges neighbours that fit in one, keeping the creation order. */
  void compact() {
    List<Chunk> out = new ArrayList<>(chunks.size());
    Chunk into = null;
    for (Chunk c : chunks) {
      if (c.n == 0) {
        continue;
      }
      if (into != null && into.n + c.n <= SIZE) {
        for (int i = 0; i < c.n; i++) {
          into.corners[into.n++] = c.corners[i];
          into.include(c.corners[i]);
        }
      } else {
        out.add(c);
        into = c;
      }
    }
    chunks.clear();
    chunks.addAll(out);
  }

  int size() {
    return size;
  }

  @Override
  public Iterator<Corner> iterator() {
    return new Iterator<>() {
      private int chunk;
      private int at;

      @Override
      public boolean hasNext() {
        while (chunk < chunks.size() && at >= chunks.get(chunk).n) {
          chunk++;
          at = 0;
        }
        return chunk < chunks.size();
      }

      @Override
      public Corner next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return chunks.get(chunk).corners[at++];
      }
    };
  }
}
