package org.amrbalance.integration.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The balancers module's public API is deliberate: at most half its types, each listed in the README. */
class PublicApiIT {
  private static final String[] PACKAGES = {"org.amrbalance.balancers", "org.amrbalance.triggers",
      "org.amrbalance.components", "org.amrbalance.config", "org.amrbalance.service"};

  @Test
  void atMostHalfTheTypesArePublicAndTheReadmeListsEach() throws Exception {
    List<JavaClass> types = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(PACKAGES).stream().filter(c -> c.isTopLevelClass() && !c.getSimpleName().equals("package-info"))
        .toList();
    List<JavaClass> published = types.stream().filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC)).toList();
    assertThat(types).hasSizeGreaterThan(50);
    assertThat(2 * published.size()).as("%d public of %d types", published.size(), types.size())
        .isLessThanOrEqualTo(types.size());
    String row = Files.readAllLines(Path.of("..", "README.md")).stream()
        .filter(l -> l.startsWith("| `balancers` |")).findFirst().orElseThrow();
    for (JavaClass c : published) {
      assertThat(row).as(c.getName()).contains("`" + (c.isAnnotation() ? "@" : "") + c.getSimpleName() + "`");
    }
  }
}
