package io.github.plantstoremock.testcontainers;

import com.github.dockerjava.api.command.InspectContainerResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until {@code GET /__mock/health} answers 200, and fails at once, with the last log lines, when the
 * container exits first (a bad flag or document) instead of waiting out the timeout.
 */
final class HealthWaitStrategy extends AbstractWaitStrategy {
    private HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private String scheme = "http";

    /** Asks over HTTPS (see {@link TrustedCa#probe()}). */
    HealthWaitStrategy overTls() {
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).sslContext(TrustedCa.probe()).build();
        scheme = "https";
        return this;
    }

    @Override
    protected void waitUntilReady() {
        Instant deadline = Instant.now().plus(startupTimeout);
        String lastProblem = "no answer yet";
        while (Instant.now().isBefore(deadline)) {
            InspectContainerResponse.ContainerState state = waitStrategyTarget.getCurrentContainerInfo().getState();
            if (!Boolean.TRUE.equals(state.getRunning())) {
                throw new MockStartException("the container exited with code " + state.getExitCodeLong() + " before it served",
                        PlantStoreMockContainer.lastLines(waitStrategyTarget.getLogs()), null);
            }
            try {
                URI health = URI.create(scheme + "://" + waitStrategyTarget.getHost() + ":"
                        + waitStrategyTarget.getMappedPort(PlantStoreMockContainer.MOCK_PORT) + "/__mock/health");
                HttpRequest request = HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).build();
                int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status == 200) return;
                lastProblem = "answered " + status;
            } catch (IOException error) {
                lastProblem = String.valueOf(error.getMessage());
            } catch (InterruptedException error) {
                Thread.currentThread().interrupt();
                throw new MockStartException("interrupted while waiting for GET /__mock/health", "", error);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException error) {
                Thread.currentThread().interrupt();
                throw new MockStartException("interrupted while waiting for GET /__mock/health", "", error);
            }
        }
        throw new MockStartException("GET /__mock/health did not answer 200 within " + startupTimeout.toSeconds() + " s (" + lastProblem + ")",
                PlantStoreMockContainer.lastLines(waitStrategyTarget.getLogs()), null);
    }
}
