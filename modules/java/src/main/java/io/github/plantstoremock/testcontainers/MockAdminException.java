package io.github.plantstoremock.testcontainers;

/** An admin call ({@code /__mock/...}) answered an error status, e.g. 422 for an unknown scenario. */
public final class MockAdminException extends PlantStoreMockException {
    private final int status;

    MockAdminException(String cause, int status, String logs) {
        super(cause, logs, null);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
