# Needs the hashicorp/aws provider >= 6.37.0: each global_secondary_index is
# declared with key_schema blocks.

resource "aws_dynamodb_table" "orders" {
  name             = "orders"
  billing_mode     = "PROVISIONED"
  read_capacity    = 5
  write_capacity   = 3
  stream_enabled   = true
  stream_view_type = "NEW_AND_OLD_IMAGES"
  hash_key         = "PK"
  range_key        = "SK"

  attribute {
    name = "PK"
    type = "S"
  }

  attribute {
    name = "SK"
    type = "S"
  }

  attribute {
    name = "GSI1PK"
    type = "S"
  }

  attribute {
    name = "GSI1SK"
    type = "S"
  }

  attribute {
    name = "tenant"
    type = "S"
  }

  attribute {
    name = "region"
    type = "N"
  }

  attribute {
    name = "status"
    type = "S"
  }

  attribute {
    name = "total"
    type = "N"
  }

  attribute {
    name = "LSI1SK"
    type = "S"
  }

  global_secondary_index {
    name               = "GSI1"
    projection_type    = "INCLUDE"
    non_key_attributes = ["__entity", "__entity_version"]
    read_capacity      = 5
    write_capacity     = 3

    key_schema {
      attribute_name = "GSI1PK"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "GSI1SK"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "ByTenant"
    projection_type = "ALL"
    read_capacity   = 2
    write_capacity  = 1

    key_schema {
      attribute_name = "tenant"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "region"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "status"
      key_type       = "RANGE"
    }

    key_schema {
      attribute_name = "total"
      key_type       = "RANGE"
    }
  }

  local_secondary_index {
    name            = "LSI1"
    range_key       = "LSI1SK"
    projection_type = "ALL"
  }

  ttl {
    attribute_name = "expiresAt"
    enabled        = true
  }
}
