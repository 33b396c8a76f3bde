package org.amrbalance.spi.parallel;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Ranks as threads of this JVM, exchanging serialized copies through shared slots. For tests of parallel
 * algorithms and for single-JVM runs; if one rank fails, the others are released and the first failure is
 * rethrown.
 */
public final class ThreadCollectives implements Collectives {
  private static final long TIMEOUT_SECONDS = 120;

  private final Group group;
  private final int rank;

  private ThreadCollectives(Group group, int rank) {
    this.group = group;
    this.rank = rank;
  }

  private static final class Group {
    final int size;
    final Phaser phaser;
    final Object[] slots;

    Group(int size) {
      this.size = size;
      this.phaser = new Phaser(size);
      this.slots = new Object[size];
    }
  }

  /** Runs {@code body} on {@code size} ranks, one thread each, and returns each rank's result in rank order. */
  public static <R> List<R> run(int size, Function<Collectives, R> body) {
    if (size <= 0) {
      throw new IllegalArgumentException("size = " + size + ": must be > 0");
    }
    Group group = new Group(size);
    List<R> results = new ArrayList<>(Collections.nCopies(size, null));
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int r = 0; r < size; r++) {
      int rank = r;
      Thread t = new Thread(() -> {
        try {
          R value = body.apply(new ThreadCollectives(group, rank));
          synchronized (results) {
            results.set(rank, value);
          }
        } catch (Throwable e) {
          if (failure.compareAndSet(null, e)) {
            group.phaser.forceTermination(); // releases, for good, the ranks waiting on this one
          }
        }
      }, "rank-" + r);
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for rank " + t.getName(), e);
      }
    }
    Throwable e = failure.get();
    if (e instanceof RuntimeException re) {
      throw re;
    }
    if (e instanceof Error err) {
      throw err;
    }
    if (e != null) {
      throw new IllegalStateException(e);
    }
    return results;
  }

  @Override
  public int rank() {
    return rank;
  }

  @Override
  public int size() {
    return group.size;
  }

  @Override
  public <T extends Serializable> List<T> allGather(T value) {
    group.slots[rank] = serialize(value);
    await();
    List<T> out = new ArrayList<>(group.size);
    for (int r = 0; r < group.size; r++) {
      out.add(this.<T>deserialize((byte[]) group.slots[r]));
    }
    await();
    return out;
  }

  @Override
  public <T extends Serializable> List<List<T>> allToAll(List<List<T>> outgoing) {
    if (outgoing.size() != group.size) {
      throw new IllegalArgumentException("outgoing.size = " + outgoing.size() + ": must equal the group size "
          + group.size);
    }
    byte[][] mine = new byte[group.size][];
    for (int r = 0; r < group.size; r++) {
      mine[r] = serialize(new ArrayList<>(outgoing.get(r)));
    }
    group.slots[rank] = mine;
    await();
    List<List<T>> in = new ArrayList<>(group.size);
    for (int r = 0; r < group.size; r++) {
      in.add(this.<ArrayList<T>>deserialize(((byte[][]) group.slots[r])[rank]));
    }
    await();
    return in;
  }

  private void await() {
    try {
      group.phaser.awaitAdvanceInterruptibly(group.phaser.arrive(), TIMEOUT_SECONDS, TimeUnit.SECONDS);
      if (group.phaser.isTerminated()) {
        throw new IllegalStateException("rank " + rank + ": another rank failed during a collective");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("rank " + rank + " interrupted in a collective", e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("rank " + rank + ": a collective timed out after " + TIMEOUT_SECONDS
          + " s (do all ranks make the same calls?)", e);
    }
  }

  private static byte[] serialize(Serializable value) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize " + value.getClass().getName(), e);
    }
    return bytes.toByteArray();
  }

  @SuppressWarnings("unchecked")
  private <T> T deserialize(byte[] data) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data))) {
      return (T) in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException("rank " + rank + ": cannot deserialize a message", e);
    }
  }
}
