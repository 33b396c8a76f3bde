package org.amrbalance.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the configuration of all components small: the declarations, properties parsing, range checks, help and
 * Guice binding (packages {@code components} and {@code config}, {@code LoadBalancers}, {@code RemapPolicies}) and
 * every {@code Option} constant of the options records together stay within 1,500 lines. The options records
 * themselves are the typed parameters the algorithms take without any configuration, and are not counted.
 */
class ConfigurationSizeTest {
  private static final Path SOURCES = Path.of("src/main/java/org/amrbalance");
  private static final int BUDGET = 1_500;

  @Test
  void configurationCodeStaysWithinItsBudget() {
    long wiring = Stream.of(SOURCES.resolve("components"), SOURCES.resolve("config"),
            SOURCES.resolve("balancers/LoadBalancers.java"), SOURCES.resolve("triggers/RemapPolicies.java"))
        .flatMap(ConfigurationSizeTest::javaFiles).mapToLong(f -> lines(f).size()).sum();
    long optionConstants = javaFiles(SOURCES).mapToLong(f -> optionDeclarationLines(lines(f))).sum();

    System.out.printf("configuration code: %d lines of wiring and declarations + %d of Option constants = %d%n",
        wiring, optionConstants, wiring + optionConstants);
    assertThat(wiring).as("wiring and declarations found").isGreaterThan(500);
    assertThat(optionConstants).as("Option constants found").isGreaterThan(60);
    assertThat(wiring + optionConstants).isLessThanOrEqualTo(BUDGET);
  }

  @Test
  void optionDeclarationsAreCountedToTheirSemicolon() {
    List<String> source = List.of("  int x;", "  public static final Option<Integer> A = Option.integer(\"a\", 1,",
        "      0, 2, \"help\");", "  int y;", "  static final Option<Boolean> B = Option.flag(\"b\", true, \"h\");");
    assertThat(optionDeclarationLines(source)).isEqualTo(3);
  }

  static long optionDeclarationLines(List<String> source) {
    long n = 0;
    boolean inside = false;
    for (String line : source) {
      inside |= line.contains("static final Option<");
      if (inside) {
        n++;
        inside = !line.stripTrailing().endsWith(";");
      }
    }
    return n;
  }

  private static Stream<Path> javaFiles(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> p.toString().endsWith(".java")).toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
