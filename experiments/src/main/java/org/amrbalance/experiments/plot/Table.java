package org.amrbalance.experiments.plot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** Rows of results with a header, written as CSV or Markdown. Numbers are written in the ROOT locale. */
public final class Table {
  /** Lines end in a bare newline on every platform, so that files compare equal wherever they were written. */
  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

  private final List<String> header;
  private final List<List<Object>> rows = new ArrayList<>();

  private Table(List<String> header) {
    this.header = List.copyOf(header);
  }

  public static Table withColumns(String... header) {
    return new Table(List.of(header));
  }

  public Table add(Object... row) {
    if (row.length != header.size()) {
      throw new IllegalArgumentException("row.length = " + row.length + ": must equal the " + header.size()
          + " columns " + header);
    }
    rows.add(List.of(row));
    return this;
  }

  public List<String> header() {
    return header;
  }

  public List<List<Object>> rows() {
    return List.copyOf(rows);
  }

  /** The values of one column, as numbers (for plotting). */
  public double[] column(String name) {
    int c = header.indexOf(name);
    if (c < 0) {
      throw new IllegalArgumentException("column = " + name + ": not one of " + header);
    }
    double[] out = new double[rows.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) rows.get(i).get(c)).doubleValue();
    }
    return out;
  }

  /** RFC 4180 CSV, header first; a header or cell with a comma, quote or line break is quoted. */
  public String toCsv() {
    StringBuilder s = new StringBuilder();
    try (CSVPrinter csv = new CSVPrinter(s, CSV)) {
      csv.printRecord(header);
      for (List<Object> row : rows) {
        csv.printRecord(row.stream().map(Table::format));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("a StringBuilder does not fail", e);
    }
    return s.toString();
  }

  /** A Markdown table; a {@code |} in a header or cell is escaped and a line break becomes a space. */
  public String toMarkdown() {
    StringBuilder s = new StringBuilder("| ");
    s.append(String.join(" | ", header.stream().map(Table::markdownCell).toList())).append(" |\n|");
    header.forEach(h -> s.append("---|"));
    s.append('\n');
    for (List<Object> row : rows) {
      s.append("| ").append(String.join(" | ", row.stream().map(v -> markdownCell(format(v))).toList()))
          .append(" |\n");
    }
    return s.toString();
  }

  public void writeCsv(Path file) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    Files.writeString(file, toCsv(), StandardCharsets.UTF_8);
  }

  private static String format(Object v) {
    if (v instanceof Double d) {
      return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.format(Locale.ROOT, "%.1f", d)
          : String.format(Locale.ROOT, "%.6g", d);
    }
    if (v instanceof Float f) {
      return format(f.doubleValue());
    }
    return String.valueOf(v);
  }

  private static String markdownCell(String s) {
    return s.replace("|", "\\|").replace("\r\n", " ").replace('\n', ' ');
  }
}
