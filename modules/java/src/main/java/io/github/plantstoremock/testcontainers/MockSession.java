package io.github.plantstoremock.testcontainers;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A handle on one {@code X-Mock-Session} of the mock: its own scenario, sequence positions, stored data and
 * journal. {@link #request(String)} gives an {@link HttpRequest.Builder} on the mock that carries the header.
 */
public final class MockSession {
    public static final String SESSION_HEADER = "X-Mock-Session";
    private static final Pattern SESSION_ID = Pattern.compile("^[A-Za-z0-9._:-]{1,128}$");

    private final PlantStoreMockContainer mock;
    private final String id;
    private final HttpClient http;

    MockSession(PlantStoreMockContainer mock, String id) {
        if (!SESSION_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("a session id is 1 to 128 letters, digits and -._:; got \"" + id + "\"");
        }
        this.mock = mock;
        this.id = id;
        this.http = mock.httpClient();
    }

    public String id() {
        return id;
    }

    /** The {@link HttpClient} the session's requests go through. */
    public HttpClient httpClient() {
        return http;
    }

    /** A request to a path of the mock ({@code "/plants"}) that carries this session's header. */
    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(mock.getBaseUrl() + path)).timeout(Duration.ofSeconds(30)).header(SESSION_HEADER, id);
    }

    /** Sends a request built with {@link #request(String)}; the body is read as text. */
    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException error) {
            throw new UncheckedIOException(error);
        } catch (InterruptedException error) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", error);
        }
    }

    /** Selects a scenario for this session only (null clears it); an unknown one throws {@link MockAdminException}. */
    public void useScenario(String name) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("scenario", name);
        body.put("session", id);
        mock.admin("PUT", "scenario", body);
    }

    /** This session's journal entries, oldest first; filters: method, path, status, since, limit. */
    public JsonNode journal(Map<String, String> filters) {
        Map<String, String> query = new LinkedHashMap<>(filters);
        query.put("session", id);
        return mock.admin("GET", "journal?" + encode(query), null).path("entries");
    }

    public JsonNode journal() {
        return journal(Map.of());
    }

    /**
     * The admin API's verdict on this session's journal: filters (method, path, status, since) and
     * {@code atLeast} or {@code exactly}; a miss is no exception.
     */
    public Verification verify(Map<String, Object> expectation) {
        Map<String, Object> body = new LinkedHashMap<>(expectation);
        body.put("session", id);
        JsonNode verdict = mock.admin("POST", "journal/verify", body);
        return new Verification(verdict.path("pass").asBoolean(), verdict.path("expected").asText(), verdict.path("count").asInt(),
                verdict.path("message").asText(), verdict.path("closest"));
    }

    /** This session's contract coverage. */
    public JsonNode coverage() {
        return mock.coverage(id);
    }

    /** The coverage gate's verdict on this session. */
    public GateVerdict coverageGate(Double minPercent, boolean noViolations) {
        return GateVerdict.check(coverage(), minPercent, noViolations);
    }

    /** Forgets this session's sequence positions, stored data and journal entries; its scenario stays. */
    public void reset() {
        mock.admin("POST", "reset", Map.of("session", id));
        mock.admin("DELETE", "journal?" + encode(Map.of("session", id)), null);
    }

    private static String encode(Map<String, String> query) {
        return query.entrySet().stream()
                .map(entry -> URLEncoder.encode(entry.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    /** The admin API's verdict on a journal expectation. */
    public record Verification(boolean pass, String expected, int count, String message, JsonNode closest) {}
}
