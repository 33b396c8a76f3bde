package org.amrbalance.mesh.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The step loop keeps what only it can keep: the run's statistics live in one object the service's events feed, so
 * the loop's own state stays small enough to read (at most 12 instance fields).
 */
class DistributedLaplaceFieldsTest {
  @Test
  void theStepLoopKeepsAtMostTwelveFields() {
    List<String> fields = Arrays.stream(DistributedLaplace.class.getDeclaredFields())
        .filter(f -> !Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()).map(Field::getName).toList();
    assertThat(fields).as("instance fields of DistributedLaplace").hasSizeLessThanOrEqualTo(12).contains("stats");
  }
}
