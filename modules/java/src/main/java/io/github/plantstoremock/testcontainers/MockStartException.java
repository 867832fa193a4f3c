package io.github.plantstoremock.testcontainers;

/** The container did not start, exited, or never answered {@code GET /__mock/health}. */
public final class MockStartException extends PlantStoreMockException {
    MockStartException(String cause, String logs, Throwable origin) {
        super(cause, logs, origin);
    }
}
