package org.amrbalance.readers;

import java.io.IOException;
import java.nio.file.Path;

/** Reads a hierarchy that an AMR code wrote, in one file format. */
public interface HierarchyReader {
  /** The format this reader understands. */
  HierarchyFormat format();

  /**
   * Reads {@code file} (and the companion files its format names, found next to it).
   *
   * @throws HierarchyFormatException if the content breaks the format or describes an impossible hierarchy;
   *     the message names the file, the line and the problem
   * @throws IOException if a file cannot be read
   */
  HierarchyFile read(Path file) throws IOException;
}
