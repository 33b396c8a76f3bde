package org.amrbalance.integration.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.amrbalance.mesh.mpi.LaunchResult;
import org.amrbalance.mesh.mpi.LaunchResult.RankStatus;
import org.amrbalance.mesh.mpi.MpjDevice;
import org.amrbalance.mesh.mpi.MpjLaunchException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Bytes damaged between ranks end the launch with an error that says what and where, not with wrong data. */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CorruptPayloadIT {
  @ParameterizedTest
  @EnumSource(MpjDevice.class)
  void aDamagedPayloadFailsTheLaunchWithAClearError(MpjDevice device) {
    LaunchResult result = Launches.run(device, device == MpjDevice.MULTICORE ? 3 : 2, CorruptExchangeProgram.class);

    assertThat(result.succeeded()).isFalse();
    assertThat(result.timedOut()).isFalse();
    assertThat(result.status(1)).isEqualTo(RankStatus.FAILED);
    assertThat(result.failure(1)).hasValueSatisfying(trace -> assertThat(trace)
        .contains("CorruptPayloadException")
        .contains("payload tag 1000 from rank 0 to rank 1: CRC32 mismatch"));
    assertThat(result.status(0)).isNotEqualTo(RankStatus.FAILED);
    assertThatThrownBy(result::orThrow)
        .isInstanceOf(MpjLaunchException.class)
        .hasMessageContaining("rank 1 threw org.amrbalance.mesh.mpi.CorruptPayloadException: payload tag 1000"
            + " from rank 0 to rank 1: CRC32 mismatch");
  }
}
