package org.amrbalance.readers;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random mutations of the real files of each format must end in a valid hierarchy or in a {@link
 * HierarchyFormatException} whose message is {@code file:line: problem} for one of the files read, never in another
 * exception, a hang, an out-of-memory error or an allocation of more than 64 MB for one input.
 *
 * <p>Each reader gets {@value #DEFAULT_MUTATIONS} mutated inputs (by default). An input mutates one of the format's
 * files, or both companion files at once, with one to three edits each: a line deleted, duplicated, swapped with the
 * next, split in two or joined with the next; a run of up to 40 lines deleted or duplicated; a line replaced by
 * another line of the file; a character changed, inserted or deleted (digits, signs, separators, brackets, a tab,
 * control and non-ASCII characters); a number replaced by a small, negative, huge, overflowing, fractional,
 * non-finite or malformed one; or the file truncated anywhere. The variants are handed to the readers in memory
 * ({@link HierarchyText}), so that thousands of them take seconds; every {@value #FILE_CHECK_EVERY}th is also
 * written to disk and read through the {@code Path} methods, which must give the same hierarchy or the same message.
 *
 * <p>Input i is built from its own generator, seeded by the reader's seed and i, so a failure names the input and
 * what was done to it, and the outcome does not depend on how many threads run the inputs.
 * {@code -Damrbalance.fuzz.mutations=N} changes the number of inputs per reader ({@code scripts/test.sh --soak}
 * sets 20,000).
 */
// The timeout only turns a hang into a failure (in its own thread, since the inputs run on a thread pool); it is far
// above the run time and checks no speed.
@Timeout(value = 10, unit = TimeUnit.MINUTES, threadMode = ThreadMode.SEPARATE_THREAD)
class MutationFuzzIT {
  /** The default run's count; the soak (`scripts/test.sh --soak`) runs 10,000 and more. */
  private static final int DEFAULT_MUTATIONS = 2_000;
  private static final int MUTATIONS = Integer.getInteger("amrbalance.fuzz.mutations", DEFAULT_MUTATIONS);
  private static final int FILE_CHECK_EVERY = 500;
  /** The JVM's thread bean, which on HotSpot also counts the bytes each thread allocates. */
  private static final com.sun.management.ThreadMXBean CPU =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final long MAX_ALLOCATED_BYTES = 64L << 20;
  private static final String ALPHABET = "0123456789-+.eE ,()[]#=:/xX\t\u0000\u007f\u00e9\u00ff_N";
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
  private static final String[] NUMBERS = {"0", "1", "-1", "7", "-3", "0.5", "-0", "00", "2147483647", "2147483648",
      "-2147483648", "-2147483649", "4294967296", "99999999999", "9223372036854775807", "9223372036854775808",
      "-9223372036854775809", "1e300", "-1e300", "1e309", "4.9e-324", "1e-320", "NaN", "Infinity", "-Infinity",
      "0x10", "1_000", "1.", ".5", "1e", "--1", "", "1 2", "1073741824", "-1073741824", "46341", "65536"};

  @TempDir
  Path dir;

  /** Reads the texts of one case's files, in the case's order. */
  private interface InMemory {
    HierarchyFile read(List<HierarchyText> texts) throws HierarchyFormatException;
  }

  /** Reads the files of one case from disk, given their paths in the case's order. */
  private interface OnDisk {
    HierarchyFile read(List<Path> files) throws Exception;
  }

  /** One set of files read together: the resources, the names they get, and how to read them. */
  private record Case(List<String> resources, List<String> names, InMemory inMemory, OnDisk onDisk) {}

  @Test
  void enzo() {
    EnzoHierarchyReader reader = new EnzoHierarchyReader();
    // The parameter file is found next to the hierarchy file on disk, as galaxy.parameters.
    Case both = new Case(List.of(TestFiles.ENZO, TestFiles.ENZO_PARAMETERS),
        List.of("galaxy.hierarchy", "galaxy.parameters"), t -> reader.read(t.get(0), t.get(1)),
        p -> reader.read(p.get(0)));
    fuzz("enzo", 11, List.of(both));
  }

  @Test
  void chombo() {
    ChomboHierarchyReader reader = new ChomboHierarchyReader();
    Case two = new Case(List.of(TestFiles.CHOMBO_2D), List.of("grids.2d"), t -> reader.read(t.get(0)),
        p -> reader.read(p.get(0)));
    Case three = new Case(List.of(TestFiles.CHOMBO_3D), List.of("grids.3d"), t -> reader.read(t.get(0)),
        p -> reader.read(p.get(0)));
    fuzz("chombo", 13, List.of(two, three));
  }

  @Test
  void amrex() {
    AmrexHierarchyReader reader = new AmrexHierarchyReader();
    Case both = new Case(List.of(TestFiles.AMREX_HEADER, TestFiles.AMREX_CELL_H),
        List.of("plt_Header", "plt_Level_1_Cell_H"), t -> reader.read(t.get(0), Map.of(1, t.get(1))),
        p -> reader.read(p.get(0), Map.of(1, p.get(1))));
    fuzz("amrex", 15, List.of(both));
  }

  /** The per-input counts, updated from several threads. */
  private static final class Tally {
    final AtomicIntegerArray counts = new AtomicIntegerArray(2);
    final AtomicIntegerArray mutatedFiles;
    final ConcurrentSkipListMap<Integer, Throwable> failures = new ConcurrentSkipListMap<>();
    /** CPU time spent building, reading and checking the inputs in memory, over all threads. */
    final LongAdder cpuNanos = new LongAdder();
    final LongAccumulator maxAllocated = new LongAccumulator(Math::max, 0);

    Tally(int files) {
      mutatedFiles = new AtomicIntegerArray(files);
    }
  }

  private void fuzz(String label, long seed, List<Case> cases) {
    List<List<List<String>>> originals = new ArrayList<>();
    List<String> fileNames = new ArrayList<>();
    for (Case c : cases) {
      List<List<String>> files = new ArrayList<>();
      for (int f = 0; f < c.resources().size(); f++) {
        files.add(List.copyOf(Edits.lines(c.resources().get(f))));
        fileNames.add(c.names().get(f));
      }
      originals.add(files);
    }
    Tally tally = new Tally(fileNames.size());
    long start = System.nanoTime();
    IntStream.range(0, MUTATIONS).parallel().forEach(i -> {
      try {
        runOne(seed, i, cases, originals, tally);
      } catch (Throwable t) {
        tally.failures.put(i, t);
      }
    });
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!tally.failures.isEmpty()) {
      Throwable first = tally.failures.firstEntry().getValue();
      throw new AssertionError(tally.failures.size() + " of " + MUTATIONS + " " + label
          + " inputs failed, the first: " + first.getMessage(), first);
    }
    int valid = tally.counts.get(0);
    int rejected = tally.counts.get(1);
    StringBuilder perFile = new StringBuilder();
    for (int f = 0; f < fileNames.size(); f++) {
      perFile.append(f == 0 ? "" : ", ").append(fileNames.get(f)).append(" mutated in ")
          .append(tally.mutatedFiles.get(f));
    }
    System.out.printf("fuzz %s: %d mutated inputs, %d valid, %d rejected, 0 unexpected (%s; %.1f s on %d threads,"
        + " %.1f s CPU, at most %.1f MB allocated by one input)%n", label, MUTATIONS, valid, rejected, perFile, seconds,
        ForkJoinPool.getCommonPoolParallelism() + 1, tally.cpuNanos.sum() / 1e9, tally.maxAllocated.get() / 1e6);
    assertThat(valid + rejected).isEqualTo(MUTATIONS);
    assertThat(rejected).as("rejected inputs").isPositive();
    assertThat(valid).as("valid inputs (an edit of a line that does not shape the hierarchy)").isPositive();
    for (int f = 0; f < fileNames.size(); f++) {
      assertThat(tally.mutatedFiles.get(f)).as(fileNames.get(f) + " mutated").isGreaterThan(MUTATIONS / 4);
    }
  }

  private void runOne(long seed, int i, List<Case> cases, List<List<List<String>>> originals, Tally tally) {
    long cpuStart = CPU.getCurrentThreadCpuTime();
    long allocatedStart = CPU.getCurrentThreadAllocatedBytes();
    // Consecutive seeds give java.util.Random correlated first draws, so the seed is mixed first.
    long mixed = (seed * 1_000_003L + i) * 0x9E3779B97F4A7C15L;
    Random random = new Random(mixed ^ (mixed >>> 29));
    int which = random.nextInt(cases.size());
    Case c = cases.get(which);
    int files = c.resources().size();
    // One file, or (one time in five) every file of the case.
    int only = files > 1 && random.nextInt(5) == 0 ? -1 : random.nextInt(files);
    int fileIndex = 0;
    for (int k = 0; k < which; k++) {
      fileIndex += cases.get(k).resources().size();
    }
    List<List<String>> variant = new ArrayList<>();
    List<HierarchyText> texts = new ArrayList<>();
    StringBuilder what = new StringBuilder();
    for (int f = 0; f < files; f++) {
      List<String> original = originals.get(which).get(f);
      List<String> lines = original;
      if (only < 0 || only == f) {
        lines = new ArrayList<>(original);
        int edits = random.nextInt(4) == 0 ? 2 + random.nextInt(2) : 1;
        what.append(what.length() == 0 ? "" : "; ").append(c.names().get(f)).append(": ");
        for (int e = 0; e < edits && !lines.isEmpty(); e++) {
          what.append(e == 0 ? "" : ", ").append(mutate(lines, random));
        }
        tally.mutatedFiles.incrementAndGet(fileIndex + f);
      }
      variant.add(lines);
      texts.add(HierarchyText.ofLines(dir.resolve(c.names().get(f)).toString(), lines));
    }
    String context = "input " + i + " (" + what + ")";
    HierarchyFile result = null;
    HierarchyFormatException error = null;
    try {
      result = c.inMemory().read(texts);
    } catch (HierarchyFormatException e) {
      error = e;
    } catch (Throwable t) {
      throw new AssertionError(context + " threw " + t, t);
    }
    List<String> names = texts.stream().map(HierarchyText::name).toList();
    if (result != null) {
      assertThat(result.hierarchy().patchCount()).as(context).isPositive();
      assertThat(result.source()).as(context).isEqualTo(names.get(0));
      tally.counts.incrementAndGet(0);
    } else {
      assertThat(names).as(context + ": the error names one of the files read").contains(error.source());
      String where = error.line() > 0 ? error.source() + ":" + error.line() : error.source();
      assertThat(error.getMessage()).as(context).isEqualTo(where + ": " + error.problem());
      assertThat(error.problem()).as(context).isNotBlank();
      tally.counts.incrementAndGet(1);
    }
    tally.cpuNanos.add(CPU.getCurrentThreadCpuTime() - cpuStart);
    // A size read from a file must not turn into an allocation of that size. Reading the AMReX pair, the largest,
    // allocates about 17 MB, so 64 MB leaves room for a grown variant and still catches an array sized by a count.
    long allocated = CPU.getCurrentThreadAllocatedBytes() - allocatedStart;
    tally.maxAllocated.accumulate(allocated);
    assertThat(allocated).as(context + ": bytes allocated").isLessThan(MAX_ALLOCATED_BYTES);
    if (i % FILE_CHECK_EVERY == 0) {
      sameFromDisk(c, variant, result, error, context);
    }
  }

  /** The Path methods read the variant written to disk with the same outcome as the in-memory read. */
  private synchronized void sameFromDisk(Case c, List<List<String>> variant, HierarchyFile result,
      HierarchyFormatException error, String context) {
    List<Path> paths = new ArrayList<>();
    for (int f = 0; f < variant.size(); f++) {
      paths.add(Edits.write(dir, c.names().get(f), variant.get(f)));
    }
    try {
      HierarchyFile fromDisk = c.onDisk().read(paths);
      assertThat(error).as(context + ": read from disk gives a hierarchy").isNull();
      assertThat(fromDisk).as(context).isEqualTo(result);
    } catch (HierarchyFormatException e) {
      assertThat(error).as(context + ": read from disk fails with " + e.getMessage()).isNotNull();
      assertThat(e.getMessage()).as(context).isEqualTo(error.getMessage());
    } catch (Exception e) {
      throw new AssertionError(context + " read from disk threw " + e, e);
    }
  }

  /** Applies one random edit to {@code lines} (not empty) and says what it was. */
  private static String mutate(List<String> lines, Random random) {
    int n = random.nextInt(lines.size());
    String line = lines.get(n);
    switch (random.nextInt(14)) {
      case 0:
        lines.remove(n);
        return "delete line " + (n + 1);
      case 1:
        lines.add(n, line);
        return "duplicate line " + (n + 1);
      case 2:
        if (n + 1 < lines.size()) {
          lines.set(n, lines.get(n + 1));
          lines.set(n + 1, line);
        }
        return "swap lines " + (n + 1) + " and " + (n + 2);
      case 3: {
        if (line.isEmpty()) {
          return "nothing";
        }
        int at = random.nextInt(line.length());
        lines.set(n, line.substring(0, at) + randomChar(random) + line.substring(at + 1));
        return "change char " + at + " of line " + (n + 1);
      }
      case 4: {
        if (line.isEmpty()) {
          return "nothing";
        }
        int at = random.nextInt(line.length());
        lines.set(n, line.substring(0, at) + line.substring(at + 1));
        return "delete char " + at + " of line " + (n + 1);
      }
      case 5: {
        int at = random.nextInt(line.length() + 1);
        lines.set(n, line.substring(0, at) + randomChar(random) + line.substring(at));
        return "insert char " + at + " of line " + (n + 1);
      }
      case 6: {
        // Truncated anywhere: the line cut at a random character and every later line gone.
        int at = random.nextInt(line.length() + 1);
        lines.subList(n, lines.size()).clear();
        if (at > 0) {
          lines.add(line.substring(0, at));
        }
        return "truncate at char " + at + " of line " + (n + 1);
      }
      case 7: {
        int at = random.nextInt(line.length() + 1);
        lines.set(n, line.substring(0, at));
        lines.add(n + 1, line.substring(at));
        return "split line " + (n + 1) + " at char " + at;
      }
      case 8:
        if (n + 1 < lines.size()) {
          lines.set(n, line + (random.nextBoolean() ? " " : "") + lines.remove(n + 1));
        }
        return "join lines " + (n + 1) + " and " + (n + 2);
      case 9: {
        int to = Math.min(lines.size(), n + 1 + random.nextInt(40));
        lines.subList(n, to).clear();
        return "delete lines " + (n + 1) + " to " + to;
      }
      case 10: {
        int to = Math.min(lines.size(), n + 1 + random.nextInt(40));
        lines.addAll(to, new ArrayList<>(lines.subList(n, to)));
        return "duplicate lines " + (n + 1) + " to " + to;
      }
      case 11: {
        int from = random.nextInt(lines.size());
        lines.set(n, lines.get(from));
        return "replace line " + (n + 1) + " by line " + (from + 1);
      }
      default: {
        String changed = replaceNumber(line, random);
        lines.set(n, changed);
        return "replace a number in line " + (n + 1) + ": '" + changed + "'";
      }
    }
  }

  private static char randomChar(Random random) {
    return ALPHABET.charAt(random.nextInt(ALPHABET.length()));
  }

  /** The line with one of its numbers replaced by a small, huge, overflowing, non-finite or malformed one. */
  private static String replaceNumber(String line, Random random) {
    Matcher m = NUMBER.matcher(line);
    List<int[]> spans = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
    }
    if (spans.isEmpty()) {
      return line;
    }
    int[] s = spans.get(random.nextInt(spans.size()));
    String value = random.nextInt(4) == 0 ? String.valueOf(random.nextInt(5000) - 100)
        : NUMBERS[random.nextInt(NUMBERS.length)];
    return line.substring(0, s[0]) + value + line.substring(s[1]);
  }
}
