package dev.ycsbdriver.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DurabilityRolesTest {
  @Test
  void aProfileIsDurableOrFastByItsWholeNameOrItsLastPartAndPairsByItsPrefix() {
    assertThat(DurabilityRoles.durable("durable")).isTrue();
    assertThat(DurabilityRoles.durable("seed004-durable")).isTrue();
    assertThat(DurabilityRoles.durable("nondurable")).as("a word that ends in durable is not the role").isFalse();
    assertThat(DurabilityRoles.durable(null)).isFalse();
    assertThat(DurabilityRoles.fast("seed004-fast")).isTrue();
    assertThat(DurabilityRoles.fast("unsafe")).isFalse();
    assertThat(DurabilityRoles.durablePartner("seed004-fast")).isEqualTo("seed004-durable");
    assertThat(DurabilityRoles.durablePartner("fast")).isEqualTo("durable");
    assertThat(DurabilityRoles.durablePartner("durable")).isNull();
    assertThat(DurabilityRoles.durablePartner(null)).isNull();
  }
}
