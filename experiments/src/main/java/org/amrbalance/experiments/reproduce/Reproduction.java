package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** One paper experiment that can be re-run: it computes its results and writes them as CSV and PNG. */
public interface Reproduction {
  /** Name on the command line, e.g. {@code seed002-ch3}. */
  String name();

  /** What it reproduces (paper, figures or tables), one line. */
  String description();

  /**
   * Runs and writes into {@code out}; {@code quick} trades precision for time (fewer runs or generations) so
   * that every reproduction together finishes within minutes. Returns the files written.
   */
  List<Path> run(Path out, boolean quick, PrintStream progress) throws IOException;
}
