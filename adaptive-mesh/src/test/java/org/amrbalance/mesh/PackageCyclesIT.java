package org.amrbalance.mesh;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.amrbalance.mesh.grid.AmrOptions;
import org.junit.jupiter.api.Test;

/**
 * No package cycle among this module's main classes: every package is its own slice, so a cycle between any two
 * packages of the module (a parent and its subpackage included) fails the build. The classes are imported from where
 * {@link AmrOptions} was loaded (target/classes), so a new top-level package of the module is checked too, and
 * nothing of the other modules is.
 */
class PackageCyclesIT {
  @Test
  void noPackageCycles() {
    JavaClasses main = new ClassFileImporter()
        .importUrl(AmrOptions.class.getProtectionDomain().getCodeSource().getLocation());
    // Guards the import itself: a rule over no classes, or over one package, checks nothing.
    assertThat(main.stream().map(JavaClass::getPackageName).distinct().count()).isGreaterThan(1);
    slices().matching("org.amrbalance.(**)").should().beFreeOfCycles().check(main);
  }
}
