package org.amrbalance.integration.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture of docs/architecture.md, checked on the main classes of every module: no package cycle, and each
 * layer uses only the layers below it. Maven already keeps a module from compiling against one it does not declare;
 * these rules hold the packages inside a module in order.
 */
class ArchitectureTest {
  private static final String SPI = "org.amrbalance.spi..";
  private static final String[] LIBRARY = {"org.amrbalance.balancers..", "org.amrbalance.triggers..",
      "org.amrbalance.service..", "org.amrbalance.components..", "org.amrbalance.config.."};
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.amrbalance");
  }

  @Test
  void noPackageCycles() {
    slices().matching("org.amrbalance.(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void theSpiUsesNothingElseOfTheProject() {
    noClasses().that().resideInAPackage(SPI).should().dependOnClassesThat()
        .resideOutsideOfPackages(SPI, "java..", "javax.annotation..").check(main);
  }

  @Test
  void theLibraryUsesOnlyTheSpiGuiceAndTheJdk() {
    noClasses().that().resideInAnyPackage(LIBRARY).should().dependOnClassesThat()
        .resideInAnyPackage("org.amrbalance.readers..", "org.amrbalance.workloads..", "org.amrbalance.mesh..",
            "org.amrbalance.experiments..", "mpi..")
        .check(main);
  }

  @Test
  void theAlgorithmsAndTriggersDoNotKnowTheServiceOrTheWiring() {
    noClasses().that().resideInAnyPackage("org.amrbalance.balancers..", "org.amrbalance.triggers..")
        .should().dependOnClassesThat().resideInAnyPackage("org.amrbalance.service..").check(main);
  }

  @Test
  void guiceIsOnlyInTheWiring() {
    noClasses().that().resideInAnyPackage("org.amrbalance.balancers..", "org.amrbalance.triggers..",
        "org.amrbalance.components..", "org.amrbalance.service..").should().dependOnClassesThat()
        .resideInAnyPackage("org.amrbalance.config..", "com.google.inject..", "jakarta.inject..", "javax.inject..")
        .check(main);
  }

  @Test
  void theReadersAndFixturesUseOnlyTheSpi() {
    noClasses().that().resideInAnyPackage("org.amrbalance.readers..", "org.amrbalance.workloads..")
        .should().dependOnClassesThat().resideInAnyPackage(LIBRARY).check(main);
  }

  @Test
  void theMeshLibraryNeedsNoneOfTheDemosLibraries() {
    noClasses().that().resideInAPackage("org.amrbalance.mesh..").and()
        .resideOutsideOfPackage("org.amrbalance.mesh.demo..").should().dependOnClassesThat()
        .resideInAnyPackage("picocli..", "com.fasterxml..", "org.jfree..", "org.amrbalance.readers..",
            "org.amrbalance.mesh.demo..")
        .check(main);
  }

  @Test
  void onlyTheMpiPackageTalksToMpjExpress() {
    noClasses().that().resideOutsideOfPackage("org.amrbalance.mesh.mpi..").should().dependOnClassesThat()
        .resideInAnyPackage("mpi..", "mpjdev..", "mpjbuf..", "xdev..", "runtime..").check(main);
  }

  @Test
  void nothingInTheLibraryHasAMainMethod() {
    noMethods().that().haveName("main").and().areStatic().should().beDeclaredInClassesThat()
        .resideInAnyPackage(SPI, "org.amrbalance.readers..", "org.amrbalance.balancers..",
            "org.amrbalance.triggers..", "org.amrbalance.service..", "org.amrbalance.config..")
        .check(main);
  }
}
