#!/bin/sh
# Remakes the gRPC test fixtures: the descriptor set (protoc), a message encoded by protoc from text format, and its
# proto3 JSON as Google's Python protobuf prints it (pip install protobuf) — the references the codec is checked against.
set -eu
cd "$(dirname "$0")"
protoc --include_imports --descriptor_set_out=shop.protoset -I. -I/usr/include shop.proto
protoc -I. -I/usr/include --encode=shop.v1.Item shop.proto < item.txtpb > item.bin
python3 - <<'PY' > item.json
from google.protobuf import descriptor_pb2, descriptor_pool, json_format
from google.protobuf.message_factory import GetMessageClass
files = descriptor_pb2.FileDescriptorSet()
files.ParseFromString(open('shop.protoset', 'rb').read())
pool = descriptor_pool.DescriptorPool()
for file in files.file:
    pool.Add(file)
item = GetMessageClass(pool.FindMessageTypeByName('shop.v1.Item'))()
item.ParseFromString(open('item.bin', 'rb').read())
print(json_format.MessageToJson(item, descriptor_pool=pool, indent=None))
PY
