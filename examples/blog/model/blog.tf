# Needs the hashicorp/aws provider >= 6.37.0: each global_secondary_index is
# declared with key_schema blocks.

resource "aws_dynamodb_table" "blog_dynamodb_table" {
  name         = "blog-dynamodb-table"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  attribute {
    name = "pk"
    type = "S"
  }

  attribute {
    name = "sk"
    type = "S"
  }

  attribute {
    name = "user_email_pk"
    type = "S"
  }

  attribute {
    name = "username"
    type = "S"
  }

  attribute {
    name = "user_status_pk"
    type = "S"
  }

  attribute {
    name = "rating_sk"
    type = "N"
  }

  attribute {
    name = "post_status_pk"
    type = "S"
  }

  attribute {
    name = "created_at"
    type = "N"
  }

  attribute {
    name = "post_slug"
    type = "S"
  }

  attribute {
    name = "tag_type_pk"
    type = "S"
  }

  attribute {
    name = "tag_name_sk"
    type = "S"
  }

  attribute {
    name = "user_id"
    type = "S"
  }

  attribute {
    name = "status"
    type = "S"
  }

  global_secondary_index {
    name            = "USERS_BY_EMAIL"
    projection_type = "ALL"

    key_schema {
      attribute_name = "user_email_pk"
      key_type       = "HASH"
    }
  }

  global_secondary_index {
    name            = "USERS_BY_USERNAME"
    projection_type = "ALL"

    key_schema {
      attribute_name = "username"
      key_type       = "HASH"
    }
  }

  global_secondary_index {
    name            = "USERS_BY_STATUS_RATING"
    projection_type = "ALL"

    key_schema {
      attribute_name = "user_status_pk"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "rating_sk"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "POSTS_BY_STATUS_CREATED_AT_2"
    projection_type = "ALL"

    key_schema {
      attribute_name = "post_status_pk"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "created_at"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "POSTS_BY_SLUG"
    projection_type = "ALL"

    key_schema {
      attribute_name = "post_slug"
      key_type       = "HASH"
    }
  }

  global_secondary_index {
    name            = "TAGS_BY_TYPE_RATING"
    projection_type = "ALL"

    key_schema {
      attribute_name = "tag_type_pk"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "rating_sk"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "POSTS_BY_STATUS_RATING"
    projection_type = "ALL"

    key_schema {
      attribute_name = "post_status_pk"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "rating_sk"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "TAGS_BY_TYPE_NAME"
    projection_type = "ALL"

    key_schema {
      attribute_name = "tag_type_pk"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "tag_name_sk"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "USERS_BY_STATUS_CREATED_AT_2"
    projection_type = "ALL"

    key_schema {
      attribute_name = "user_status_pk"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "created_at"
      key_type       = "RANGE"
    }
  }

  global_secondary_index {
    name            = "POSTS_BY_USER_STATUS_CREATED_AT_2"
    projection_type = "ALL"

    key_schema {
      attribute_name = "user_id"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "status"
      key_type       = "HASH"
    }

    key_schema {
      attribute_name = "created_at"
      key_type       = "RANGE"
    }
  }
}
