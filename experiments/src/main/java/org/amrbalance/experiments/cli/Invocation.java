package org.amrbalance.experiments.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import picocli.CommandLine.ParseResult;

/**
 * One call of a subcommand: where it prints, the caller's working directory (relative paths resolve against it)
 * and what picocli parsed (for commands that record their own command line).
 */
public record Invocation(PrintStream out, PrintStream err, Path workingDirectory, ParseResult parsed) {}
