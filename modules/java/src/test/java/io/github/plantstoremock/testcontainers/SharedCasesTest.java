package io.github.plantstoremock.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/** The cases every language module runs (modules/cases.json), each in a fresh session. */
@ExtendWith(TestImage.StopSharedAtEnd.class)
class SharedCasesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicTest> sharedCases() throws IOException {
        JsonNode cases = JSON.readTree(TestImage.REPO.resolve("modules/cases.json").toFile()).path("cases");
        return StreamSupport.stream(cases.spliterator(), false)
                .map(sharedCase -> DynamicTest.dynamicTest(sharedCase.path("name").asText(), () -> run(TestImage.shared(), sharedCase)));
    }

    /** The pair test's cases of one of its containers ({@code upstream} or {@code proxy}). */
    static JsonNode pairCases(String container) throws IOException {
        return JSON.readTree(TestImage.REPO.resolve("modules/cases.json").toFile()).path("pair").path(container);
    }

    /** Runs one case of modules/cases.json in a fresh session of the mock. */
    static void run(PlantStoreMockContainer mock, JsonNode sharedCase) throws IOException {
        MockSession session = mock.session();
        if (sharedCase.has("scenario")) session.useScenario(sharedCase.path("scenario").asText());
        int index = 0;
        for (JsonNode step : sharedCase.path("steps")) {
            index++;
            JsonNode request = step.path("request");
            JsonNode expected = step.path("expect");
            HttpRequest.Builder builder = session.request(request.path("path").asText());
            boolean typed = false;
            for (Map.Entry<String, JsonNode> header : request.path("headers").properties()) {
                builder.header(header.getKey(), header.getValue().asText());
                typed |= header.getKey().equalsIgnoreCase("content-type");
            }
            String body = request.has("json") ? JSON.writeValueAsString(request.path("json")) : request.has("body") ? request.path("body").asText() : null;
            if (request.has("json") && !typed) builder.header("Content-Type", "application/json");
            builder.method(request.path("method").asText(), body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            HttpResponse<String> response = session.send(builder);
            String where = sharedCase.path("name").asText() + ", step " + index + ": " + response.statusCode() + " " + response.body();
            assertEquals(expected.path("status").asInt(), response.statusCode(), where);
            if (expected.has("json")) assertEquals(expected.path("json"), JSON.readTree(response.body()), where);
            for (Map.Entry<String, JsonNode> key : expected.path("jsonIncludes").properties()) {
                assertEquals(key.getValue(), JSON.readTree(response.body()).path(key.getKey()), where);
            }
            for (Map.Entry<String, JsonNode> header : expected.path("headers").properties()) {
                String value = response.headers().firstValue(header.getKey()).orElse("");
                assertTrue(Pattern.compile(header.getValue().asText()).matcher(value).find(), where + "; header " + header.getKey() + ": " + value);
            }
        }
        if (sharedCase.has("verify")) {
            Map<String, Object> expectation = new LinkedHashMap<>();
            sharedCase.path("verify").properties().forEach(entry -> expectation.put(entry.getKey(),
                    entry.getValue().isNumber() ? entry.getValue().asInt() : entry.getValue().asText()));
            MockSession.Verification verdict = session.verify(expectation);
            assertTrue(verdict.pass(), verdict.message());
        }
    }
}
