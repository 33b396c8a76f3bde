package org.amrbalance.mesh.output;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.amrbalance.mesh.grid.Block;
import org.amrbalance.mesh.grid.GridData;
import org.amrbalance.spi.Box;

/**
 * VTK XML files of the hierarchy that ParaView opens as overlapping AMR: {@code NAME.vthb} lists the blocks
 * level by level (index box {@code amr_box} and a file each), and {@code NAME/NAME_L_K.vti} holds block K of
 * level L as image data with the cell fields {@code u} (the solution), {@code rank} and {@code level}. Image
 * extents are global point indices of the block's level, with the origin at the domain's corner.
 */
public final class VtkWriter {
  private VtkWriter() {}

  /** Writes the files into {@code dir}; returns the path of the {@code .vthb} file. */
  public static Path write(Frame frame, Path dir, String name) throws IOException {
    if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
      throw new IllegalArgumentException("name = '" + name + "': use letters, digits, '_', '.', '-'");
    }
    Files.createDirectories(dir.resolve(name));
    Path index = dir.resolve(name + ".vthb");
    try (Writer w = Files.newBufferedWriter(index, StandardCharsets.UTF_8)) {
      w.write("<?xml version=\"1.0\"?>\n");
      w.write("<VTKFile type=\"vtkOverlappingAMR\" version=\"1.1\" byte_order=\"LittleEndian\""
          + " header_type=\"UInt64\">\n");
      w.write("  <vtkOverlappingAMR origin=\"0 0 0\" grid_description=\"XY\">\n");
      for (int l = 0; l < frame.levelCount(); l++) {
        double h = frame.h(l);
        w.write(String.format(Locale.ROOT, "    <Block level=\"%d\" spacing=\"%s %s %s\">%n", l, num(h), num(h),
            num(h)));
        List<Block> blocks = frame.layout().level(l);
        for (int k = 0; k < blocks.size(); k++) {
          Box b = blocks.get(k).box();
          String file = name + "/" + name + "_" + l + "_" + k + ".vti";
          w.write(String.format(Locale.ROOT, "      <DataSet index=\"%d\" amr_box=\"%d %d %d %d 0 0\" file=\"%s\"/>%n",
              k, b.lo(0), b.hi(0), b.lo(1), b.hi(1), file));
          writeBlock(frame, blocks.get(k), h, dir.resolve(file));
        }
        w.write("    </Block>\n");
      }
      w.write("  </vtkOverlappingAMR>\n");
      w.write("</VTKFile>\n");
    }
    return index;
  }

  private static void writeBlock(Frame frame, Block block, double h, Path file) throws IOException {
    Box b = block.box();
    GridData u = frame.values(block);
    String extent = String.format(Locale.ROOT, "%d %d %d %d 0 0", b.lo(0), b.hi(0) + 1, b.lo(1), b.hi(1) + 1);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("<?xml version=\"1.0\"?>\n");
      w.write("<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n");
      w.write("  <ImageData WholeExtent=\"" + extent + "\" Origin=\"0 0 0\" Spacing=\"" + num(h) + " " + num(h) + " "
          + num(h) + "\">\n");
      w.write("    <Piece Extent=\"" + extent + "\">\n");
      w.write("      <CellData Scalars=\"" + frame.field() + "\">\n");
      w.write("        <DataArray type=\"Float64\" Name=\"" + frame.field() + "\" format=\"ascii\">\n");
      for (int j = b.lo(1); j <= b.hi(1); j++) {
        StringBuilder row = new StringBuilder("         ");
        for (int i = b.lo(0); i <= b.hi(0); i++) {
          row.append(' ').append(num(u.get(i, j)));
        }
        w.write(row.append('\n').toString());
      }
      w.write("        </DataArray>\n");
      int rank = frame.layout().rankOf(block);
      for (String[] f : new String[][] {{"rank", Integer.toString(rank)}, {"level", Integer.toString(block.level())}}) {
        w.write("        <DataArray type=\"Int32\" Name=\"" + f[0] + "\" format=\"ascii\">\n");
        for (int j = b.lo(1); j <= b.hi(1); j++) {
          w.write("         " + (" " + f[1]).repeat(b.length(0)) + "\n");
        }
        w.write("        </DataArray>\n");
      }
      w.write("      </CellData>\n");
      w.write("    </Piece>\n");
      w.write("  </ImageData>\n");
      w.write("</VTKFile>\n");
    }
  }

  private static String num(double v) {
    return Double.toString(v);
  }
}
