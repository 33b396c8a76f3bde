package org.amrbalance.experiments.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A written CSV file read back as rows keyed by column name (no quoted cells in the reproductions' files). */
record Csv(List<String> header, List<Map<String, String>> rows) {

  static Csv read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file);
    List<String> header = List.of(lines.get(0).split(","));
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      if (cells.length != header.size()) {
        throw new IllegalStateException(file + ": " + cells.length + " cells in '" + line + "'");
      }
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < cells.length; i++) {
        row.put(header.get(i), cells[i]);
      }
      rows.add(row);
    }
    return new Csv(header, rows);
  }

  double number(int row, String column) {
    return Double.parseDouble(rows.get(row).get(column));
  }

  /** The rows whose {@code column} holds {@code value}. */
  List<Map<String, String>> where(String column, String value) {
    return rows.stream().filter(r -> r.get(column).equals(value)).toList();
  }

  static double number(Map<String, String> row, String column) {
    return Double.parseDouble(row.get(column));
  }
}
