package io.github.plantstoremock.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;

/** The module against a real container of the image: requests, sessions, journal, documents, coverage. */
@ExtendWith(TestImage.StopSharedAtEnd.class)
class PlantStoreMockContainerTest {
    private static final String VALID = "{\"id\": 1, \"name\": \"Monstera deliciosa\", \"tag\": \"tropical\"}";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static HttpResponse<String> post(MockSession session, String body) {
        return session.send(session.request("/plants").header("Authorization", "Bearer t").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpResponse<String> post(String baseUrl, String token, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/plants")).header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersAValidCreateAndRejectsABrokenOne() throws Exception {
        MockSession session = TestImage.shared().session();
        HttpResponse<String> created = post(session, VALID);
        assertEquals(200, created.statusCode());
        assertEquals(JSON.readTree("{\"name\": \"Monstera deliciosa\", \"tag\": \"tropical\"}"), JSON.readTree(created.body()));
        HttpResponse<String> rejected = post(session, "{\"id\": \"one\", \"name\": \"Fern\"}");
        assertEquals(400, rejected.statusCode());
        assertTrue(rejected.body().contains("body.id"), rejected.body());
    }

    @Test
    void switchesTheScenarioPerSessionAndKeepsParallelSessionsApart() throws Exception {
        PlantStoreMockContainer mock = TestImage.shared();
        MockSession unauthorized = mock.session();
        MockSession plain = mock.session();
        unauthorized.useScenario("unauthorized");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> statuses = IntStream.range(0, 8)
                    .mapToObj(i -> pool.submit(() -> post(i % 2 == 0 ? unauthorized : plain, VALID).statusCode())).toList();
            for (int i = 0; i < statuses.size(); i++) assertEquals(i % 2 == 0 ? 401 : 200, statuses.get(i).get(), "request " + i);
        } finally {
            pool.shutdown();
        }
        MockSession.Verification verdict = plain.verify(Map.of("method", "POST", "path", "/plants", "status", "200", "exactly", 4));
        assertTrue(verdict.pass(), verdict.message());
        assertFalse(plain.verify(Map.of("status", "401", "atLeast", 1)).pass());
        unauthorized.reset();
        assertEquals(0, unauthorized.journal().size());
        assertEquals(4, plain.journal(Map.of("status", "200")).size());
    }

    @Test
    void reportsHealthAndCoverageWithTheGateVerdict() {
        PlantStoreMockContainer mock = TestImage.shared();
        assertEquals("ok", mock.health().path("status").asText());
        MockSession session = mock.session();
        post(session, VALID);
        assertEquals(session.id(), session.coverage().path("session").asText());
        assertEquals(1, session.coverage().path("summary").path("requests").asInt());
        assertTrue(session.coverageGate(null, true).pass());
        GateVerdict verdict = session.coverageGate(100.0, false);
        assertFalse(verdict.pass());
        assertTrue(verdict.reason().contains("is below --min 100%") && verdict.reason().contains("never served: POST /plants 400"), verdict.reason());
        post(session, "{\"name\": 7}");
        assertTrue(session.coverageGate(null, true).reason().contains("1 request(s) broke the contract"));
    }

    @Test
    void servesACopiedInDocumentWithTokensAnAdminTokenAndFlags() throws Exception {
        try (PlantStoreMockContainer custom = new PlantStoreMockContainer(TestImage.name())
                .withSpec(TestImage.FIXTURES.resolve("tiny-store.yaml"))
                .withOverlays(TestImage.FIXTURES.resolve("tiny-store-overlay.yaml"))
                .withTokens("secret-1", "secret-2")
                .withAdminToken("admin")
                .withSeed(42)
                .withFlag("journal-size", "50")) {
            custom.start();
            assertEquals("Tiny Store, overlaid", custom.health().path("spec").asText());
            assertEquals(401, post(custom.getBaseUrl(), "other", "{\"id\": 1, \"name\": \"Aloe\"}").statusCode());
            assertEquals(200, post(custom.getBaseUrl(), "secret-2", "{\"id\": 1, \"name\": \"Aloe\"}").statusCode());
            HttpResponse<String> unauthorized = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(custom.getBaseUrl() + "/__mock/journal")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, unauthorized.statusCode());
            assertEquals(50, custom.admin("GET", "journal", null).path("capacity").asInt());
        }
    }

    @Test
    void loadsACopiedInScenariosDirectoryAndSelectsOneAtStart() {
        try (PlantStoreMockContainer custom = new PlantStoreMockContainer(TestImage.name())
                .withScenariosDir(TestImage.FIXTURES.resolve("scenarios")).withScenario("expired-token")) {
            custom.start();
            assertEquals("expired-token", custom.scenarios().path("active").asText());
            assertEquals(401, post(custom.session(), VALID).statusCode());
        }
    }

    @Test
    void carriesTheProjectVersion() throws Exception {
        String version = TestImage.shared().execInContainer("node", "/app/dist/cli/main.js", "--version").getStdout().strip();
        assertEquals(PlantStoreMockContainer.VERSION, version);
    }
}
