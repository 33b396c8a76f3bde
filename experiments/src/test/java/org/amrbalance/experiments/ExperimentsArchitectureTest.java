package org.amrbalance.experiments;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The launcher's packages point one way: the launcher (this package) knows its subcommands, the subcommands share
 * the command plumbing of {@code cli}, and nothing below knows the launcher. The library modules' rules are in
 * integration-tests' ArchitectureTest; this module is not on that class path.
 */
class ExperimentsArchitectureTest {
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("org.amrbalance.experiments");
  }

  @Test
  void noPackageCycles() {
    // Each package is its own slice, the launcher's root package included.
    slices().matching("org.amrbalance.(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void onlyTheLauncherKnowsTheLauncher() {
    noClasses().that().resideOutsideOfPackage("org.amrbalance.experiments").should().dependOnClassesThat()
        .resideInAPackage("org.amrbalance.experiments").check(main);
  }

  @Test
  void theCommandPlumbingKnowsNoSubcommand() {
    noClasses().that().resideInAPackage("org.amrbalance.experiments.cli..").should().dependOnClassesThat()
        .resideInAnyPackage("org.amrbalance.experiments", "org.amrbalance.experiments.balance..",
            "org.amrbalance.experiments.bench..", "org.amrbalance.experiments.reproduce..",
            "org.amrbalance.experiments.triggers..")
        .check(main);
  }
}
