# syntax=docker/dockerfile:1
#
# Volo for Discord in a container: volobot as a static binary on
# distroless's static image, as a user who is not root, with its database on
# a volume and the Discord token from the environment.
#
#   docker build -t volobot --build-arg REVISION="$(git rev-parse HEAD)" .
#   docker run -d --name volobot --restart unless-stopped \
#     -e DISCORD_TOKEN -v volo-data:/data -p 127.0.0.1:9090:9090 volobot
#
# README.md's Deploying section has the rest: a configuration of your own,
# the token as a file, the metrics.

# The build: the Go version go.mod asks for, no cgo, so the binary needs no C
# library and runs on an image without one.
FROM golang:1.26 AS build
WORKDIR /src
# The modules first, so that changing the code does not download them again.
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
# The build context has no .git (see .dockerignore), so the version and the
# revision that volobot -version prints come from these, when given.
ARG VERSION=""
ARG REVISION=""
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -buildvcs=false \
      -ldflags="-s -w -X main.version=${VERSION} -X main.revision=${REVISION}" \
      -o /out/usr/local/bin/volobot ./cmd/volobot
# The image's configuration (a file mounted at /etc/volo/config.yaml
# replaces it; config.example.yaml documents every key) and the volume's
# directory, which the user 65532 (distroless's nonroot) must own.
RUN mkdir -p /out/etc/volo /out/data \
 && printf '%s\n' \
      '# volobot in a container: the database on the volume, the metrics on' \
      '# every interface of the container (publish the port to reach them).' \
      'database: /data/volo.db' \
      'metrics: ":9090"' \
      > /out/etc/volo/config.yaml

# The image: CA certificates (for Discord's TLS), time zones and a nonroot
# user, nothing else: no shell, no package manager.
FROM gcr.io/distroless/static:nonroot
COPY --from=build /out/usr/local/bin/volobot /usr/local/bin/volobot
COPY --from=build /out/etc/volo/config.yaml /etc/volo/config.yaml
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
WORKDIR /data
# volo.db and its lock live here; mount a volume, or the games are lost
# with the container.
VOLUME /data
# /metrics, /healthz and /readyz (the metrics key).
EXPOSE 9090
# The token: DISCORD_TOKEN, or DISCORD_TOKEN_FILE naming a file (a Docker
# secret such as /run/secrets/discord_token). Without either, volobot runs
# the sandbox instead. docker stop sends SIGTERM: volobot finishes the
# interactions in flight, delivers what it can within 5 s and closes the
# database (docker stop -t 30 allows for long work in flight).
ENTRYPOINT ["/usr/local/bin/volobot"]
CMD ["-config", "/etc/volo/config.yaml"]
