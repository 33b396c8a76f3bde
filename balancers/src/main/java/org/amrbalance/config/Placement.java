package org.amrbalance.config;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import com.google.inject.BindingAnnotation;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Marks the {@link org.amrbalance.spi.LoadBalancer} that places the grids of a regrid when the trigger does not ask
 * for a remap (configuration {@code amrbalance.placement}, default {@code inherit}: {@link org.amrbalance.service.InheritingPlacement}).
 */
@BindingAnnotation
@Documented
@Retention(RUNTIME)
@Target({FIELD, PARAMETER, METHOD})
public @interface Placement {}
