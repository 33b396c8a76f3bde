/**
 * Readers that turn hierarchies written by real AMR codes into {@link org.amrbalance.spi.Hierarchy} objects:
 * Enzo {@code .hierarchy} files with their parameter file, Chombo box-layout dumps, and AMReX plotfile
 * {@code Header}s with their optional {@code Level_N/Cell_H} box lists.
 *
 * <p>Each format has one {@link org.amrbalance.readers.HierarchyReader}; {@link
 * org.amrbalance.readers.HierarchyReaders} picks one by looking at a file's content. A reader returns a
 * {@link org.amrbalance.readers.HierarchyFile}: the hierarchy, the file's name, and the ranks the writing code
 * recorded for its grids, so that a balancer can be compared with the code's own choice. Content held in memory is
 * read as a {@link org.amrbalance.readers.HierarchyText}, with the same results and messages as its file.
 *
 * <p>A file whose content breaks the format, or describes an impossible hierarchy, gives a {@link
 * org.amrbalance.readers.HierarchyFormatException} (a checked {@link java.io.IOException}) whose message reads
 * {@code file:line: problem}. Nothing else escapes a reader but the plain {@code IOException}s of the file
 * system (a missing or unreadable input file).
 */
@ParametersAreNonnullByDefault
package org.amrbalance.readers;

import javax.annotation.ParametersAreNonnullByDefault;
